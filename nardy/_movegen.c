/* The legal-turn search of nardy/movegen.py compiled: the same breadth-first search over
 * packed boards, the same choice of final states (RULES.md §3-6), the same orders, so that
 * every answer is identical to the pure Python reference (tests/nardy/test_compiled.py).
 *
 * A packed board holds the mover's checkers four bits a point in his own numbering (nibble 0
 * borne off, nibble i own point i): 100 bits, kept here in an unsigned __int128. A searched
 * state is a board and the dice still to play; each state keeps the first edge into it, which
 * is the path movegen.py's `_path` follows. Python objects are built only on request.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_glue.h" /* the packed board and dice, the Python glue both searches share */

#define POINTS 24
#define HEAD 24
#define ALL_POINTS (((UINT64_C(1) << (POINTS + 1)) - 1) ^ 1)
#define HOME_LIMIT (4 * 7)
#define MAX_DEPTH 4

typedef struct {
    u128 board;
    uint32_t occ;
    int32_t parent; /* index of the first state with an edge into this one; -1 at the start */
    uint16_t left;  /* the dice still to play, three bits each, highest first; see dice_of */
    uint8_t depth;
    uint8_t step; /* src * 8 + die of the first edge */
} State;

typedef struct {
    uint64_t blocked;    /* mover's points holding an opponent checker */
    uint64_t block_zone; /* opponent-numbered points ahead of every opponent checker (§5) */
    int head_start;
    int head_limit;
    int every_step;
} Context;

typedef struct {
    PyObject_HEAD
    State *states;
    Py_ssize_t count;
    Py_ssize_t *finals; /* state indices, in movegen.py's `_finals` order */
    Py_ssize_t n_finals;
    Py_ssize_t *distinct; /* one final per board, the longest first (`_distinct_finals`) */
    Py_ssize_t n_distinct;
    int max_steps;
    int illegal_start; /* the mover already holds an illegal six-block (§5): nothing searched */
    Context context;
    PyObject *steps; /* steps[src][die]: the `Step` objects the paths are made of */
} Search;

static int illegal_block(const Context *c, uint64_t occ) {
    uint64_t zone = (((occ >> 12) | (occ << 12)) & ALL_POINTS) & c->block_zone;
    uint64_t run = zone & (zone >> 1) & (zone >> 2) & (zone >> 3) & (zone >> 4) & (zone >> 5);
    return run != 0;
}

/* One step, as `_Context.step`: 1 with the new board and occupancy, 0 when a rule forbids it. */
static int step(const Context *c, u128 board, uint32_t occ, int src, int die, u128 *out_board,
                uint32_t *out_occ) {
    if (!nibble(board, src)) return 0;
    if (src == HEAD && c->head_start - nibble(board, HEAD) >= c->head_limit) return 0;
    int dst = src - die;
    if (dst > 0) {
        if ((c->blocked >> dst) & 1) return 0;
        board += ((u128)1 << (4 * dst)) - ((u128)1 << (4 * src));
        uint32_t new_occ = occ | (UINT32_C(1) << dst);
        if (!nibble(board, src)) new_occ ^= UINT32_C(1) << src;
        if (c->every_step && new_occ != occ && illegal_block(c, new_occ)) return 0;
        *out_board = board;
        *out_occ = new_occ;
        return 1;
    }
    if (board >> HOME_LIMIT) return 0;
    if (dst < 0 && (board >> (4 * (src + 1)))) return 0;
    board += (u128)1 - ((u128)1 << (4 * src));
    if (!nibble(board, src)) occ ^= UINT32_C(1) << src;
    *out_board = board;
    *out_occ = occ;
    return 1;
}

static inline uint64_t hash_key(u128 board, uint16_t left) {
    uint64_t h = (uint64_t)board * UINT64_C(0x9E3779B97F4A7C15);
    h ^= (uint64_t)(board >> 64) * UINT64_C(0xC2B2AE3D27D4EB4F);
    h ^= (uint64_t)left * UINT64_C(0x165667B19E3779F9);
    return h ^ (h >> 29);
}

/* The slot of the state of `board` and dice `left` in `t` (a `Table` keyed by both): where it
 * is, else the empty slot it would take. */
static Py_ssize_t *table_slot(const Table *t, const State *states, u128 board, uint16_t left) {
    size_t i = (size_t)hash_key(board, left) & t->mask;
    for (;;) {
        Py_ssize_t at = t->slots[i];
        if (at < 0 || (states[at].board == board && states[at].left == left)) return &t->slots[i];
        i = (i + 1) & t->mask;
    }
}

static int table_grow(Table *t, const State *states) {
    Table bigger;
    size_t j;
    if (table_init(&bigger, 2 * (t->mask + 1)) < 0) return -1;
    for (j = 0; j <= t->mask; j++) {
        Py_ssize_t at = t->slots[j];
        if (at >= 0) *table_slot(&bigger, states, states[at].board, states[at].left) = at;
    }
    bigger.used = t->used;
    PyMem_Free(t->slots);
    *t = bigger;
    return 0;
}

/* Is `at` the first state of its board put into `seen` (a set keyed by the board alone)? */
static int first_of_board(Table *seen, const State *states, Py_ssize_t at) {
    size_t i = (size_t)hash_key(states[at].board, 0) & seen->mask;
    for (;;) {
        Py_ssize_t other = seen->slots[i];
        if (other < 0) {
            seen->slots[i] = at;
            return 1;
        }
        if (states[other].board == states[at].board) return 0;
        i = (i + 1) & seen->mask;
    }
}

static int push(Search *s, Py_ssize_t *capacity, State state) {
    if (s->count == *capacity) {
        Py_ssize_t bigger = 2 * *capacity;
        State *grown = PyMem_Realloc(s->states, bigger * sizeof(State));
        if (!grown) return -1;
        s->states = grown;
        *capacity = bigger;
    }
    s->states[s->count++] = state;
    return 0;
}

/* Breadth-first over the steps (`LegalTurns._search`); layer k starts at layer_start[k]. */
static int run_search(Search *s, const Context *c, u128 start, uint32_t start_occ,
                      uint16_t roll, Py_ssize_t *layer_start, int *n_layers) {
    Py_ssize_t capacity = 64;
    Table table;
    s->states = PyMem_Malloc(capacity * sizeof(State));
    if (!s->states) return -1;
    s->states[0] = (State){start, start_occ, -1, roll, 0, 0};
    s->count = 1;
    layer_start[0] = 0;
    layer_start[1] = 1;
    *n_layers = 1;
    if (table_init(&table, 64) < 0) return -1;
    for (int depth = 0; depth < MAX_DEPTH; depth++) {
        Py_ssize_t from = layer_start[depth], to = layer_start[depth + 1];
        if (depth) {
            memset(table.slots, 0xff, (table.mask + 1) * sizeof(Py_ssize_t));
            table.used = 0;
        }
        for (Py_ssize_t k = from; k < to; k++) {
            State parent = s->states[k];
            if (parent.board == CHECKERS) continue; /* §3: the last checker off ends the turn */
            int tried = 0, n = left_count(parent.left);
            for (int i = 0; i < n; i++) {
                int die = left_die(parent.left, i);
                if ((tried >> die) & 1) continue;
                tried |= 1 << die;
                uint16_t rest = left_without(parent.left, i);
                uint32_t sources = parent.occ;
                while (sources) {
                    int src = __builtin_ctz(sources);
                    sources &= sources - 1;
                    u128 board;
                    uint32_t occ;
                    if (!step(c, parent.board, parent.occ, src, die, &board, &occ)) continue;
                    Py_ssize_t *slot = table_slot(&table, s->states, board, rest);
                    if (*slot >= 0) continue; /* known: only the first edge is kept */
                    State child = {board, occ, (int32_t)k, rest, (uint8_t)(depth + 1),
                                   (uint8_t)(src * 8 + die)};
                    if (push(s, &capacity, child) < 0) goto fail;
                    *slot = s->count - 1;
                    if (2 * ++table.used > (Py_ssize_t)table.mask && table_grow(&table, s->states) < 0)
                        goto fail;
                }
            }
        }
        if (s->count == to) break;
        layer_start[depth + 2] = s->count;
        *n_layers = depth + 2;
    }
    PyMem_Free(table.slots);
    return 0;
fail:
    PyMem_Free(table.slots);
    return -1;
}

/* The states that use the roll fully (`LegalTurns._select_finals`), then one per board. */
static int select_finals(Search *s, const Context *c, int n_dice, int high, int higher_die,
                         const Py_ssize_t *layer_start, int n_layers) {
    int best = -1;
    Py_ssize_t k, n = 0;
    s->finals = PyMem_Malloc((s->count + 1) * sizeof(Py_ssize_t));
    s->distinct = PyMem_Malloc((s->count + 1) * sizeof(Py_ssize_t));
    if (!s->finals || !s->distinct) return -1;
    for (k = 0; k < layer_start[n_layers]; k++) {
        const State *st = &s->states[k];
        if (!c->every_step && illegal_block(c, st->occ)) continue;
        /* §3: a turn that bears off the last checker has used the whole roll. */
        int used = st->board == CHECKERS ? n_dice : st->depth;
        if (used > best) {
            best = used;
            n = 0;
        }
        if (used == best) s->finals[n++] = k;
    }
    if (best == 1 && n_dice == 2 && higher_die) {
        Py_ssize_t kept = 0;
        for (k = 0; k < n; k++) {
            uint16_t left = s->states[s->finals[k]].left; /* one die left: the other was used */
            if (left_die(left, 0) != high) s->finals[kept++] = s->finals[k];
        }
        if (kept) n = kept;
    }
    s->n_finals = n;
    s->max_steps = 0;
    for (k = 0; k < n; k++) {
        if (s->states[s->finals[k]].depth > s->max_steps) s->max_steps = s->states[s->finals[k]].depth;
    }
    /* One final per board, the longest way there first, else in `_finals` order. */
    Table seen;
    size_t size = 16;
    while (size < 2 * (size_t)n + 2) size *= 2;
    if (table_init(&seen, size) < 0) return -1;
    s->n_distinct = 0;
    for (int depth = s->max_steps; depth >= 0; depth--) {
        for (k = 0; k < n; k++) {
            Py_ssize_t at = s->finals[k];
            if (s->states[at].depth == depth && first_of_board(&seen, s->states, at))
                s->distinct[s->n_distinct++] = at;
        }
    }
    PyMem_Free(seen.slots);
    return 0;
}

static PyObject *board_to_int(u128 board) {
    PyObject *low = PyLong_FromUnsignedLongLong((unsigned long long)board);
    uint64_t high = (uint64_t)(board >> 64);
    if (!low || !high) return low;
    PyObject *high_obj = PyLong_FromUnsignedLongLong(high);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *shifted = high_obj && shift ? PyNumber_Lshift(high_obj, shift) : NULL;
    PyObject *whole = shifted ? PyNumber_Or(shifted, low) : NULL;
    Py_XDECREF(high_obj);
    Py_XDECREF(shift);
    Py_XDECREF(shifted);
    Py_DECREF(low);
    return whole;
}

static int int_to_board(PyObject *value, u128 *board) {
    PyObject *shift = PyLong_FromLong(64);
    PyObject *high = shift ? PyNumber_Rshift(value, shift) : NULL;
    Py_XDECREF(shift);
    if (!high) return -1;
    unsigned long long low = PyLong_AsUnsignedLongLongMask(value);
    unsigned long long hi = PyLong_AsUnsignedLongLongMask(high);
    Py_DECREF(high);
    if (PyErr_Occurred()) return -1;
    *board = ((u128)hi << 64) | low;
    return 0;
}

/* The steps of the path into a state, as `Step` objects of `s->steps[src][die]`. */
static PyObject *path_of(const Search *s, Py_ssize_t at) {
    uint8_t codes[MAX_DEPTH];
    int depth = s->states[at].depth;
    for (int i = depth; i--; at = s->states[at].parent) codes[i] = s->states[at].step;
    return steps_tuple(s->steps, codes, depth);
}

static void Search_dealloc(Search *self) {
    PyMem_Free(self->states);
    PyMem_Free(self->finals);
    PyMem_Free(self->distinct);
    Py_XDECREF(self->steps);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A position's points or off (`read_counts`), in this search's words where it is no sequence. */
static int read_position_counts(PyObject *sequence, long *out, Py_ssize_t n) {
    return read_counts(sequence, out, n, "a position's points and off are sequences");
}

/* The index into `Position.points` of a side's own point q: White's q is absolute q,
 * Black's is q ± 12 (RULES.md §1). */
static inline int index_of(int color, int q) { return (color ? (q <= 12 ? q + 12 : q - 12) : q) - 1; }

static PyObject *Search_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"points", "off", "mover", "roll", "head_limit", "every_step",
                            "higher_die", "steps", NULL};
    PyObject *points_obj, *roll, *steps;
    long off[2], points[POINTS];
    int mover, head_limit, every_step, higher_die;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O(ll)iO!ippO!", names, &points_obj, &off[0],
                                     &off[1], &mover, &PyTuple_Type, &roll, &head_limit,
                                     &every_step, &higher_die, &PyTuple_Type, &steps))
        return NULL;
    if (read_position_counts(points_obj, points, POINTS) < 0) return NULL;
    Py_ssize_t n_dice = PyTuple_GET_SIZE(roll);
    if (mover < 0 || mover > 1 || n_dice < 1 || n_dice > MAX_DEPTH || off[mover] < 0 ||
        off[mover] > CHECKERS) {
        PyErr_SetString(PyExc_ValueError, "a mover of 0 or 1 and one to four dice");
        return NULL;
    }
    /* The mover's board and points held; the opponent's points, renumbered (`_context`). */
    long sign = mover ? -1 : 1;
    u128 start = (u128)off[mover];
    uint32_t start_occ = 0;
    uint64_t blocked = 0, zone = 0;
    int lowest = 0;
    for (int q = 1; q <= POINTS; q++) {
        long mine = points[index_of(mover, q)] * sign;
        long theirs = -points[index_of(!mover, q)] * sign;
        if (mine > 0) {
            start |= (u128)mine << (4 * q);
            start_occ |= UINT32_C(1) << q;
        }
        if (theirs > 0) {
            blocked |= UINT64_C(1) << (q <= 12 ? q + 12 : q - 12); /* their q is our q ± 12 */
            if (!lowest) lowest = q;
        }
    }
    /* §5: a block is legal once an opponent checker is ahead of it or borne off. */
    if (lowest && !off[!mover]) zone = ((UINT64_C(1) << lowest) - 1) & ALL_POINTS;
    int head_start = nibble(start, HEAD);
    uint16_t left;
    int high;
    if (read_roll(roll, &left, &high) < 0) return NULL;
    Search *self = (Search *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    Py_INCREF(steps);
    self->steps = steps;
    Context c = {blocked, zone, head_start, head_limit, every_step};
    self->context = c;
    if (illegal_block(&c, start_occ)) {
        self->illegal_start = 1;
        return (PyObject *)self;
    }
    Py_ssize_t layer_start[MAX_DEPTH + 2];
    int n_layers;
    if (run_search(self, &c, start, start_occ, left, layer_start, &n_layers) < 0 ||
        select_finals(self, &c, (int)n_dice, high, higher_die, layer_start, n_layers) < 0) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static PyObject *Search_boards(Search *self, PyObject *unused) {
    /* every final's board once, in `_finals` order (`result_boards`) */
    PyObject *out = PyList_New(0);
    Table seen;
    size_t size = 16;
    while (size < 2 * (size_t)self->n_finals + 2) size *= 2;
    if (!out || table_init(&seen, size) < 0) {
        Py_XDECREF(out);
        return NULL;
    }
    for (Py_ssize_t k = 0; k < self->n_finals; k++) {
        Py_ssize_t at = self->finals[k];
        if (!first_of_board(&seen, self->states, at)) continue;
        PyObject *board = board_to_int(self->states[at].board);
        if (!board || PyList_Append(out, board) < 0) {
            Py_XDECREF(board);
            Py_DECREF(out);
            PyMem_Free(seen.slots);
            return NULL;
        }
        Py_DECREF(board);
    }
    PyMem_Free(seen.slots);
    return out;
}

/* counts(): each board of boards() as 25 bytes, the mover's counts by own point (0 borne off,
 * 1..24 the points), one after the other: numpy reads them in one call. */
static PyObject *Search_counts(Search *self, PyObject *unused) {
    Table seen;
    size_t size = 16;
    while (size < 2 * (size_t)self->n_finals + 2) size *= 2;
    PyObject *out = PyBytes_FromStringAndSize(NULL, (POINTS + 1) * self->n_finals);
    if (!out || table_init(&seen, size) < 0) {
        Py_XDECREF(out);
        return NULL;
    }
    char *at = PyBytes_AS_STRING(out);
    Py_ssize_t rows = 0;
    for (Py_ssize_t k = 0; k < self->n_finals; k++) {
        if (!first_of_board(&seen, self->states, self->finals[k])) continue;
        u128 board = self->states[self->finals[k]].board;
        for (int point = 0; point <= POINTS; point++) *at++ = (char)nibble(board, point);
        rows++;
    }
    PyMem_Free(seen.slots);
    if (_PyBytes_Resize(&out, (POINTS + 1) * rows) < 0) return NULL;
    return out;
}

static PyObject *Search_sequences(Search *self, PyObject *unused) {
    PyObject *out = PyList_New(self->n_distinct);
    if (!out) return NULL;
    for (Py_ssize_t k = 0; k < self->n_distinct; k++) {
        PyObject *steps = path_of(self, self->distinct[k]);
        if (!steps) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, steps);
    }
    return out;
}

typedef struct {
    char key[160];
    Py_ssize_t at;
    long points[POINTS];
    long off[2];
} Result;

/* Write a count of -15..15 as `str` does; the end of what was written. */
static char *put_count(char *at, long n) {
    if (n < 0) {
        *at++ = '-';
        n = -n;
    }
    if (n >= 10) *at++ = (char)('0' + n / 10);
    *at++ = (char)('0' + n % 10);
    return at;
}

static int compare_results(const void *a, const void *b) {
    return strcmp(((const Result *)a)->key, ((const Result *)b)->key);
}

/* The classes bind() gives (`Classes`): this game's `Position` has the fields points, off,
 * to_move and first_turn, in this order (bind()'s position_fields). */
static Classes classes;
enum { POS_POINTS, POS_OFF, POS_TO_MOVE, POS_FIRST_TURN };

static PyObject *get_slot(PyObject *obj, int slot) {
    return *(PyObject **)((char *)obj + classes.offset[slot]);
}

/* bind(Position, Turn, colors): the classes `turns` builds and the two `Color` members (White,
 * Black) it puts in them; once, at import. */
static PyObject *bind(PyObject *module, PyObject *args) {
    static const char *const position_fields[] = {"points", "off", "to_move", "first_turn"};
    PyObject *position, *turn, *sides;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyType_Type, &position, &PyType_Type, &turn,
                          &PyTuple_Type, &sides))
        return NULL;
    Py_ssize_t offsets[N_SLOTS];
    if (check_classes(position, turn, sides, position_fields, offsets) < 0) return NULL;
    /* Both classes checked: only now is anything bound. */
    keep_classes(&classes, position, turn, sides, offsets);
    Py_RETURN_NONE;
}

/* What a turn from `position` leaves: the position's fields read once, and the side to move
 * and first-turn flags after it (the other side to move, the mover's first turn spent). */
typedef struct {
    int mover;
    long sign;
    long points[POINTS];
    long off[2];
    PyObject *next;       /* the `Color` to move after the turn */
    PyObject *first_after; /* the first-turn flags after it */
} After;

static void after_clear(After *a) {
    Py_CLEAR(a->next);
    Py_CLEAR(a->first_after);
}

static int after_init(After *a, PyObject *position) {
    a->next = a->first_after = NULL;
    if (!classes.position || !PyObject_TypeCheck(position, classes.position)) {
        PyErr_SetString(PyExc_TypeError, "a position of the class given to bind() is needed");
        return -1;
    }
    PyObject *to_move = get_slot(position, POS_TO_MOVE);
    PyObject *first = get_slot(position, POS_FIRST_TURN);
    if (!to_move || !first) {
        PyErr_SetString(PyExc_TypeError, "a position without its side to move or first turns");
        return -1;
    }
    long mover = PyLong_AsLong(to_move);
    if (mover != 0 && mover != 1) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "the side to move is 0 or 1");
        return -1;
    }
    a->mover = (int)mover;
    a->sign = mover ? -1 : 1;
    PyObject *points = get_slot(position, POS_POINTS), *off = get_slot(position, POS_OFF);
    if (!points || !off) {
        PyErr_SetString(PyExc_TypeError, "a position without its points or off");
        return -1;
    }
    if (read_position_counts(points, a->points, POINTS) < 0 ||
        read_position_counts(off, a->off, 2) < 0)
        return -1;
    PyObject *flags = PySequence_Fast(first, "a position's first turns are a sequence");
    if (!flags) return -1;
    if (PySequence_Fast_GET_SIZE(flags) != 2) {
        Py_DECREF(flags);
        PyErr_SetString(PyExc_ValueError, "two first-turn flags");
        return -1;
    }
    a->next = PyTuple_GET_ITEM(classes.colors, 1 - a->mover);
    Py_INCREF(a->next);
    a->first_after = PyTuple_New(2);
    if (!a->first_after) {
        Py_DECREF(flags);
        after_clear(a);
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        PyObject *flag = i == a->mover ? Py_False : PySequence_Fast_GET_ITEM(flags, i);
        Py_INCREF(flag);
        PyTuple_SET_ITEM(a->first_after, i, flag);
    }
    Py_DECREF(flags);
    return 0;
}

/* The points and off of the position a turn leaves with the mover's checkers as `board`
 * (`Position.with_checkers`), and its canonical key of RULES.md §11
 * ("p=<24 comma-separated counts>;off=<white>,<black>"). */
static void fill_result(Result *r, const After *a, u128 board) {
    memcpy(r->points, a->points, sizeof r->points);
    for (int q = 1; q <= POINTS; q++) {
        long count = nibble(board, q);
        int i = index_of(a->mover, q);
        if (count || r->points[i] * a->sign > 0) r->points[i] = count * a->sign;
    }
    r->off[0] = a->off[0];
    r->off[1] = a->off[1];
    r->off[a->mover] = nibble(board, 0);
    char *at = r->key;
    *at++ = 'p';
    *at++ = '=';
    for (int i = 0; i < POINTS; i++) {
        if (i) *at++ = ',';
        at = put_count(at, r->points[i]);
    }
    memcpy(at, ";off=", 5);
    at = put_count(at + 5, r->off[0]);
    *at++ = ',';
    at = put_count(at, r->off[1]);
    *at = 0;
}

static PyObject *position_of(const Result *r, const After *a) {
    PyObject *points = long_tuple(r->points, POINTS);
    PyObject *off = long_tuple(r->off, 2);
    PyObject *position = NULL;
    if (points && off) {
        PyObject *fields[] = {points, off, a->next, a->first_after};
        position = new_position(&classes, fields);
    }
    Py_XDECREF(points);
    Py_XDECREF(off);
    return position;
}

/* turns(position): per distinct final, the `Turn` of its path and the position it leaves,
 * sorted by that position's canonical key. */
static PyObject *Search_turns(Search *self, PyObject *position) {
    After after;
    if (after_init(&after, position) < 0) return NULL;
    Py_ssize_t n = self->n_distinct;
    Result *results = PyMem_Malloc((n ? n : 1) * sizeof(Result));
    if (!results) {
        after_clear(&after);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        results[k].at = self->distinct[k];
        fill_result(&results[k], &after, self->states[self->distinct[k]].board);
    }
    qsort(results, n, sizeof(Result), compare_results);
    PyObject *out = PyTuple_New(n);
    for (Py_ssize_t k = 0; out && k < n; k++) {
        PyObject *steps = path_of(self, results[k].at);
        PyObject *result = steps ? position_of(&results[k], &after) : NULL;
        PyObject *turn = result ? new_turn(&classes, steps, result) : NULL;
        Py_XDECREF(steps);
        Py_XDECREF(result);
        if (!turn) {
            Py_CLEAR(out);
            break;
        }
        PyTuple_SET_ITEM(out, k, turn);
    }
    after_clear(&after);
    PyMem_Free(results);
    return out;
}

static int is_final(const Search *s, int depth, u128 board, uint16_t left) {
    for (Py_ssize_t k = 0; k < s->n_finals; k++) {
        const State *st = &s->states[s->finals[k]];
        if (st->depth == depth && st->board == board && st->left == left) return 1;
    }
    return 0;
}

/* play(position, steps): the position after the whole legal turn `steps` from `position`
 * (the position searched), or None when `steps` is not one: the caller names the rule. */
static PyObject *Search_play(Search *self, PyObject *args) {
    PyObject *position, *steps;
    if (!PyArg_ParseTuple(args, "OO", &position, &steps)) return NULL;
    if (self->illegal_start) Py_RETURN_NONE; /* nothing was searched */
    PyObject *played = PySequence_Fast(steps, "steps must be a sequence");
    if (!played) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(played);
    const State *start = &self->states[0];
    u128 board = start->board;
    uint32_t occ = start->occ;
    uint16_t left = start->left;
    int legal = n <= left_count(left);
    for (Py_ssize_t k = 0; legal && k < n; k++) {
        long src, die;
        if (read_step(PySequence_Fast_GET_ITEM(played, k), &src, &die) < 0) {
            Py_DECREF(played);
            return NULL;
        }
        int i = 0, count = left_count(left);
        while (i < count && left_die(left, i) != die) i++;
        legal = board != CHECKERS && i < count && src >= 1 && src <= POINTS &&
                step(&self->context, board, occ, (int)src, (int)die, &board, &occ);
        if (legal) left = left_without(left, i);
    }
    Py_DECREF(played);
    if (!legal || !is_final(self, (int)n, board, left)) Py_RETURN_NONE;
    After after;
    Result result;
    if (after_init(&after, position) < 0) return NULL;
    fill_result(&result, &after, board);
    PyObject *out = position_of(&result, &after);
    after_clear(&after);
    return out;
}

/* is_final(depth, board, left): is this state, reached by `depth` steps with the dice `left`
 * still to play, one of the final states (a whole legal turn)? */
static PyObject *Search_is_final(Search *self, PyObject *args) {
    int depth;
    PyObject *board_obj, *left_obj;
    u128 board;
    if (!PyArg_ParseTuple(args, "iOO!", &depth, &board_obj, &PyTuple_Type, &left_obj)) return NULL;
    if (int_to_board(board_obj, &board) < 0) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(left_obj);
    if (n > MAX_DEPTH) Py_RETURN_FALSE;
    uint16_t left = (uint16_t)(n << 12);
    for (Py_ssize_t i = 0; i < n; i++) {
        long die = PyLong_AsLong(PyTuple_GET_ITEM(left_obj, i));
        if (die < 1 || die > 6) {
            if (PyErr_Occurred()) return NULL;
            Py_RETURN_FALSE;
        }
        left |= (uint16_t)(die << (3 * i));
    }
    return PyBool_FromLong(is_final(self, depth, board, left));
}

static PyObject *Search_max_steps(Search *self, void *unused) {
    return PyLong_FromLong(self->max_steps);
}

static PyObject *Search_illegal_start(Search *self, void *unused) {
    return PyBool_FromLong(self->illegal_start);
}

static PyMethodDef Search_methods[] = {
    {"boards", (PyCFunction)Search_boards, METH_NOARGS,
     "Every final board once, in the order of the search's finals."},
    {"counts", (PyCFunction)Search_counts, METH_NOARGS,
     "boards() as 25 bytes each: the mover's counts by own point."},
    {"sequences", (PyCFunction)Search_sequences, METH_NOARGS,
     "One step tuple per distinct result, the longest first."},
    {"turns", (PyCFunction)Search_turns, METH_O,
     "One Turn per distinct result, sorted by the result's canonical key."},
    {"play", (PyCFunction)Search_play, METH_VARARGS,
     "The position after a whole legal turn from the searched position, else None."},
    {"is_final", (PyCFunction)Search_is_final, METH_VARARGS,
     "Is (depth, board, dice left) a whole legal turn's end?"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"max_steps", (getter)Search_max_steps, NULL, "The most steps any legal turn plays.", NULL},
    {"illegal_start", (getter)Search_illegal_start, NULL,
     "Does the mover already hold a six-block RULES.md §5 forbids (nothing is searched)?", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "nardy._movegen.Search",
    .tp_basicsize = sizeof(Search),
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The legal-turn search of one position and roll (nardy/movegen.py, compiled).",
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
    .tp_new = Search_new,
};

static PyMethodDef module_methods[] = {
    {"bind", bind, METH_VARARGS, "The Position and Turn classes that turns() builds."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "nardy._movegen",
    "The legal-turn search of nardy/movegen.py, compiled.", -1, module_methods,
};

PyMODINIT_FUNC PyInit__movegen(void) { return create_search_module(&module, &SearchType); }
