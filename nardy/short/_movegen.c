/* Short nardy's legal-turn search of nardy/short/movegen.py compiled: the same breadth-first
 * search, the same choice of final states (RULES.md §9 with §3's maximal use and higher die),
 * the same orders, so that every answer is identical to the pure Python reference
 * (tests/nardy/short/test_compiled.py).
 *
 * A board holds the mover's checkers four bits a point in his own numbering (nibble 0 borne
 * off, 1..24 the points, 25 the bar): 104 bits, kept in an unsigned __int128. A searched state
 * is a board, the opponent's blots hit so far this turn (a mask of own points) and the dice
 * still to play; each state keeps the first edge into it, the path movegen.py's `_path`
 * follows. Python objects are built only on request.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "../_glue.h" /* the packed board and dice, the Python glue both searches share */

#define POINTS 24
#define BAR 25
#define HOME_LIMIT (4 * 7) /* nibbles from own point 7 up: nonzero means a checker outside home */
#define MAX_DEPTH 4
#define ALL_OFF ((u128)CHECKERS) /* the board with every checker borne off */

typedef struct {
    u128 board;
    uint32_t hits;  /* own points 1..24 whose lone opponent checker was hit this turn (§9) */
    uint32_t occ;   /* own points 1..24 and the bar (25) the mover holds */
    int32_t parent; /* index of the first state with an edge into this one; -1 at the start */
    uint16_t left;  /* the dice still to play, three bits each, highest first; count above */
    uint8_t depth;
    uint8_t step;  /* src * 8 + die of the first edge */
    uint8_t bound; /* the highest source of any edge into it: a double's next step's limit */
} State;

typedef struct {
    uint32_t closed; /* own points holding two or more opponent checkers (§9) */
    uint32_t blots;  /* own points holding exactly one opponent checker (§9) */
} Context;

typedef struct {
    PyObject_HEAD
    State *states;
    Py_ssize_t count;
    Py_ssize_t *finals; /* state indices, in movegen.py's `_finals` order */
    Py_ssize_t n_finals;
    Py_ssize_t *distinct; /* one final per result, the longest first (`_distinct_finals`) */
    Py_ssize_t n_distinct;
    int max_steps;
    Context context;
    /* What every result shares (movegen.py's `_After`): the points with the opponent's
     * checkers only, both sides' bar and off before the turn, who moves. */
    long theirs[POINTS];
    long bar[2], off[2];
    int mover;
} Search;

/* The index into `Position.points` of the mover's own point q: White's q is absolute q,
 * Black's is absolute 25 − q (§9: the sides move towards each other). */
static inline int index_of(int mover, int q) { return mover ? POINTS - q : q - 1; }

/* One step, as `_Context.step`: 1 with the state after it in `out` (board, hits, occupancy),
 * 0 when a rule forbids it. */
static int step(const Context *c, const State *from, int src, int die, State *out) {
    u128 board = from->board;
    uint32_t occ = from->occ, hits = from->hits;
    if (src != BAR && nibble(board, BAR)) return 0; /* §9: the bar enters first */
    if (!nibble(board, src)) return 0;
    int dst = src - die;
    if (dst > 0) {
        if ((c->closed >> dst) & 1) return 0;
        board += ((u128)1 << (4 * dst)) - ((u128)1 << (4 * src));
        if ((c->blots >> dst) & 1) hits |= UINT32_C(1) << dst; /* §9: the blot goes to the bar */
        uint32_t new_occ = occ | (UINT32_C(1) << dst);
        if (!nibble(board, src)) new_occ ^= UINT32_C(1) << src;
        out->board = board;
        out->hits = hits;
        out->occ = new_occ;
        return 1;
    }
    /* §9 "bearing off as usual" (§6): all fifteen home, no overpaying past a higher checker. */
    if (board >> HOME_LIMIT) return 0;
    if (dst < 0 && (board >> (4 * (src + 1)))) return 0;
    board += (u128)1 - ((u128)1 << (4 * src));
    if (!nibble(board, src)) occ ^= UINT32_C(1) << src;
    out->board = board;
    out->hits = hits;
    out->occ = occ;
    return 1;
}

static inline uint64_t hash_key(u128 board, uint32_t hits, uint16_t left) {
    uint64_t h = (uint64_t)board * UINT64_C(0x9E3779B97F4A7C15);
    h ^= (uint64_t)(board >> 64) * UINT64_C(0xC2B2AE3D27D4EB4F);
    h ^= ((uint64_t)hits << 16 | left) * UINT64_C(0x165667B19E3779F9);
    return h ^ (h >> 29);
}

/* The slot of the state `key` (its board, hits and dice left) in `t` (a `Table` keyed by all
 * three): where it is, else the empty slot it would take. */
static Py_ssize_t *table_slot(const Table *t, const State *states, const State *key) {
    size_t i = (size_t)hash_key(key->board, key->hits, key->left) & t->mask;
    for (;;) {
        Py_ssize_t at = t->slots[i];
        if (at < 0) return &t->slots[i];
        const State *s = &states[at];
        if (s->board == key->board && s->hits == key->hits && s->left == key->left)
            return &t->slots[i];
        i = (i + 1) & t->mask;
    }
}

static int table_grow(Table *t, const State *states) {
    Table bigger;
    size_t j;
    if (table_init(&bigger, 2 * (t->mask + 1)) < 0) return -1;
    for (j = 0; j <= t->mask; j++) {
        Py_ssize_t at = t->slots[j];
        if (at >= 0) *table_slot(&bigger, states, &states[at]) = at;
    }
    bigger.used = t->used;
    PyMem_Free(t->slots);
    *t = bigger;
    return 0;
}

/* Is `at` the first state of its result (board and hits) put into `seen`? */
static int first_of_result(Table *seen, const State *states, Py_ssize_t at) {
    const State *s = &states[at];
    size_t i = (size_t)hash_key(s->board, s->hits, 0) & seen->mask;
    for (;;) {
        Py_ssize_t other = seen->slots[i];
        if (other < 0) {
            seen->slots[i] = at;
            return 1;
        }
        if (states[other].board == s->board && states[other].hits == s->hits) return 0;
        i = (i + 1) & seen->mask;
    }
}

static int push(Search *s, Py_ssize_t *capacity, const State *state) {
    if (s->count == *capacity) {
        Py_ssize_t bigger = 2 * *capacity;
        State *grown = PyMem_Realloc(s->states, bigger * sizeof(State));
        if (!grown) return -1;
        s->states = grown;
        *capacity = bigger;
    }
    s->states[s->count++] = *state;
    return 0;
}

/* Breadth-first over the steps (`_Search._search`); layer k starts at layer_start[k]. A
 * double's steps go in order of non-increasing source point (movegen.py says why). */
static int run_search(Search *s, State start, int n_layers_max, Py_ssize_t *layer_start,
                      int *n_layers) {
    const Context *c = &s->context;
    Py_ssize_t capacity = 64;
    Table table;
    int doubles = left_count(start.left) == 4;
    s->states = PyMem_Malloc(capacity * sizeof(State));
    if (!s->states) return -1;
    s->states[0] = start;
    s->count = 1;
    layer_start[0] = 0;
    layer_start[1] = 1;
    *n_layers = 1;
    if (table_init(&table, 64) < 0) return -1;
    for (int depth = 0; depth < n_layers_max; depth++) {
        Py_ssize_t from = layer_start[depth], to = layer_start[depth + 1];
        if (depth) {
            memset(table.slots, 0xff, (table.mask + 1) * sizeof(Py_ssize_t));
            table.used = 0;
        }
        for (Py_ssize_t k = from; k < to; k++) {
            State parent = s->states[k]; /* a copy: `push` may move the array */
            if (parent.board == ALL_OFF) continue; /* §3: the last checker off ends the turn */
            uint32_t movable = parent.occ;
            if (nibble(parent.board, BAR)) movable = UINT32_C(1) << BAR; /* §9: the bar only */
            else if (doubles) movable &= (UINT32_C(2) << parent.bound) - 1;
            int n = left_count(parent.left);
            for (int i = 0; i < n; i++) {
                int die = left_die(parent.left, i);
                if (i && die == left_die(parent.left, i - 1)) continue; /* the same die again */
                uint16_t rest = left_without(parent.left, i);
                uint32_t sources = movable;
                while (sources) {
                    int src = __builtin_ctz(sources);
                    sources &= sources - 1;
                    State child;
                    if (!step(c, &parent, src, die, &child)) continue;
                    child.left = rest;
                    Py_ssize_t *slot = table_slot(&table, s->states, &child);
                    if (*slot >= 0) { /* known: only the first edge is kept, the bound raised */
                        State *seen = &s->states[*slot];
                        if (src > seen->bound) seen->bound = (uint8_t)src;
                        continue;
                    }
                    child.parent = (int32_t)k;
                    child.depth = (uint8_t)(depth + 1);
                    child.step = (uint8_t)(src * 8 + die);
                    child.bound = (uint8_t)src;
                    if (push(s, &capacity, &child) < 0) goto fail;
                    *slot = s->count - 1;
                    if (2 * ++table.used > (Py_ssize_t)table.mask &&
                        table_grow(&table, s->states) < 0)
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

/* The states that use the roll fully (`_Search._select_finals`), then one per result. */
static int select_finals(Search *s, int n_dice, int high, int higher_die) {
    int best = -1;
    Py_ssize_t k, n = 0;
    s->finals = PyMem_Malloc((s->count + 1) * sizeof(Py_ssize_t));
    s->distinct = PyMem_Malloc((s->count + 1) * sizeof(Py_ssize_t));
    if (!s->finals || !s->distinct) return -1;
    for (k = 0; k < s->count; k++) {
        const State *st = &s->states[k];
        /* §3: a turn that bears off the last checker has used the whole roll. */
        int used = st->board == ALL_OFF ? n_dice : st->depth;
        if (used > best) {
            best = used;
            n = 0;
        }
        if (used == best) s->finals[n++] = k;
    }
    if (best == 1 && n_dice == 2 && higher_die) { /* §3 higher die */
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
        int depth = s->states[s->finals[k]].depth;
        if (depth > s->max_steps) s->max_steps = depth;
    }
    /* One final per result, the longest way there first, else in `_finals` order. */
    Table seen;
    size_t size = 16;
    while (size < 2 * (size_t)n + 2) size *= 2;
    if (table_init(&seen, size) < 0) return -1;
    s->n_distinct = 0;
    for (int depth = s->max_steps; depth >= 0; depth--) {
        for (k = 0; k < n; k++) {
            Py_ssize_t at = s->finals[k];
            if (s->states[at].depth == depth && first_of_result(&seen, s->states, at))
                s->distinct[s->n_distinct++] = at;
        }
    }
    PyMem_Free(seen.slots);
    return 0;
}

/* What bind() gives: the classes turns() builds (`Classes`; this game's `Position` has the
 * fields points, bar, off and to_move, in this order: bind()'s position_fields), their results
 * valid by construction, as `Position.counted` says; the table of `Step` objects the paths are
 * made of. */
static Classes classes;
static PyObject *steps_table; /* steps[src][die] */

static int bound(void) {
    if (classes.position && classes.turn && classes.colors && steps_table) return 0;
    PyErr_SetString(PyExc_TypeError, "bind() has not been called");
    return -1;
}

/* The position a final state stands for (`_After.position`): the opponent's checkers as they
 * were but for the blots hit, now on his bar; the mover's as the board says; the other to move. */
static PyObject *position_of(const Search *s, u128 board, uint32_t hits) {
    int mover = s->mover;
    long sign = mover ? -1 : 1, points[POINTS], bar[2], off[2];
    memcpy(points, s->theirs, sizeof points);
    bar[0] = s->bar[0];
    bar[1] = s->bar[1];
    off[0] = s->off[0];
    off[1] = s->off[1];
    bar[!mover] += __builtin_popcount(hits);
    for (uint32_t h = hits; h; h &= h - 1) points[index_of(mover, __builtin_ctz(h))] = 0;
    for (int q = 1; q <= POINTS; q++) {
        long n = nibble(board, q);
        if (n) points[index_of(mover, q)] = n * sign;
    }
    bar[mover] = nibble(board, BAR);
    off[mover] = nibble(board, 0);
    PyObject *points_obj = long_tuple(points, POINTS);
    PyObject *bar_obj = points_obj ? long_tuple(bar, 2) : NULL;
    PyObject *off_obj = bar_obj ? long_tuple(off, 2) : NULL;
    PyObject *position = NULL;
    if (off_obj) {
        PyObject *fields[] = {points_obj, bar_obj, off_obj,
                              PyTuple_GET_ITEM(classes.colors, !mover)};
        position = new_position(&classes, fields);
    }
    Py_XDECREF(points_obj);
    Py_XDECREF(bar_obj);
    Py_XDECREF(off_obj);
    return position;
}

/* The steps of the path into a state, as `Step` objects of the bound table. */
static PyObject *path_of(const Search *s, Py_ssize_t at) {
    uint8_t codes[MAX_DEPTH];
    int depth = s->states[at].depth;
    for (int i = depth; i--; at = s->states[at].parent) codes[i] = s->states[at].step;
    return steps_tuple(steps_table, codes, depth);
}

static void Search_dealloc(Search *self) {
    PyMem_Free(self->states);
    PyMem_Free(self->finals);
    PyMem_Free(self->distinct);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Search(points, bar, off, mover, roll, higher_die): the search of one position and roll. */
static PyObject *Search_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    PyObject *points_obj, *roll;
    long points[POINTS], bar[2], off[2];
    int mover, higher_die;
    if (kwargs && PyDict_GET_SIZE(kwargs)) {
        PyErr_SetString(PyExc_TypeError, "Search() takes positional arguments only");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "O(ll)(ll)iO!p", &points_obj, &bar[0], &bar[1], &off[0], &off[1],
                          &mover, &PyTuple_Type, &roll, &higher_die))
        return NULL;
    if (read_counts(points_obj, points, POINTS, "a position's points are a sequence") < 0)
        return NULL;
    Py_ssize_t n_dice = PyTuple_GET_SIZE(roll);
    int counts_ok = 1;
    for (int i = 0; i < 2; i++)
        counts_ok &= bar[i] >= 0 && bar[i] <= CHECKERS && off[i] >= 0 && off[i] <= CHECKERS;
    if (mover < 0 || mover > 1 || n_dice < 1 || n_dice > MAX_DEPTH || !counts_ok) {
        PyErr_SetString(PyExc_ValueError,
                        "a mover of 0 or 1, bar and off of 0 to 15, and one to four dice");
        return NULL;
    }
    uint16_t left;
    int high;
    if (read_roll(roll, &left, &high) < 0) return NULL;
    Search *self = (Search *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    /* The mover's board and occupancy; the opponent's closed points and blots as the mover
     * numbers them (`_context`), his checkers kept for the results (`_After`). */
    long sign = mover ? -1 : 1;
    State start = {0};
    start.board = ((u128)off[mover]) | ((u128)bar[mover] << (4 * BAR));
    if (bar[mover]) start.occ = UINT32_C(1) << BAR;
    for (int q = 1; q <= POINTS; q++) {
        int i = index_of(mover, q);
        long n = points[i] * sign;
        self->theirs[i] = n < 0 ? points[i] : 0;
        if (n > 0) {
            start.board |= (u128)n << (4 * q);
            start.occ |= UINT32_C(1) << q;
        } else if (n <= -2) {
            self->context.closed |= UINT32_C(1) << q;
        } else if (n == -1) {
            self->context.blots |= UINT32_C(1) << q;
        }
    }
    start.parent = -1;
    start.left = left;
    start.bound = BAR;
    self->mover = mover;
    memcpy(self->bar, bar, sizeof bar);
    memcpy(self->off, off, sizeof off);
    Py_ssize_t layer_start[MAX_DEPTH + 2];
    int n_layers;
    if (run_search(self, start, (int)n_dice, layer_start, &n_layers) < 0 ||
        select_finals(self, (int)n_dice, high, higher_die) < 0) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

/* turns(): per distinct final, the `Turn` of its path and the position it leaves, in the
 * search's order (`_Search.turns`). */
static PyObject *Search_turns(Search *self, PyObject *Py_UNUSED(unused)) {
    if (bound() < 0) return NULL;
    PyObject *out = PyTuple_New(self->n_distinct);
    for (Py_ssize_t k = 0; out && k < self->n_distinct; k++) {
        const State *st = &self->states[self->distinct[k]];
        PyObject *steps = path_of(self, self->distinct[k]);
        PyObject *result = steps ? position_of(self, st->board, st->hits) : NULL;
        PyObject *turn = result ? new_turn(&classes, steps, result) : NULL;
        Py_XDECREF(steps);
        Py_XDECREF(result);
        if (!turn) {
            Py_CLEAR(out);
            break;
        }
        PyTuple_SET_ITEM(out, k, turn);
    }
    return out;
}

/* sequences(): per distinct final, the steps of its path (`_Search.sequences`). */
static PyObject *Search_sequences(Search *self, PyObject *Py_UNUSED(unused)) {
    if (bound() < 0) return NULL;
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

/* A state's key as movegen.py writes it: (board << 26 | hits, dice left). */
static PyObject *key_of(const State *st) {
    PyObject *low = PyLong_FromUnsignedLongLong((unsigned long long)st->board);
    PyObject *high = PyLong_FromUnsignedLongLong((unsigned long long)(st->board >> 64));
    PyObject *n64 = PyLong_FromLong(64), *n26 = PyLong_FromLong(26);
    PyObject *hits = PyLong_FromUnsignedLong(st->hits);
    PyObject *left = PyTuple_New(left_count(st->left));
    PyObject *a = NULL, *b = NULL, *c = NULL, *state = NULL, *key = NULL;
    int ok = low && high && n64 && n26 && hits && left;
    for (int i = 0; ok && i < left_count(st->left); i++) {
        PyObject *die = PyLong_FromLong(left_die(st->left, i));
        ok = die != NULL;
        if (ok) PyTuple_SET_ITEM(left, i, die);
    }
    if (ok && (a = PyNumber_Lshift(high, n64)) && (b = PyNumber_Or(a, low)) &&
        (c = PyNumber_Lshift(b, n26)) && (state = PyNumber_Or(c, hits)))
        key = PyTuple_Pack(2, state, left);
    Py_XDECREF(low);
    Py_XDECREF(high);
    Py_XDECREF(n64);
    Py_XDECREF(n26);
    Py_XDECREF(hits);
    Py_XDECREF(left);
    Py_XDECREF(a);
    Py_XDECREF(b);
    Py_XDECREF(c);
    Py_XDECREF(state);
    return key;
}

/* finals(): the keys of every final state (`_Search.finals`), for the partly played turns. */
static PyObject *Search_finals(Search *self, PyObject *Py_UNUSED(unused)) {
    PyObject *out = PyList_New(self->n_finals);
    if (!out) return NULL;
    for (Py_ssize_t k = 0; k < self->n_finals; k++) {
        PyObject *key = key_of(&self->states[self->finals[k]]);
        if (!key) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, key);
    }
    return out;
}

/* play(steps): the position after the whole legal turn `steps`, or None when it is not one
 * (the caller's walk then names the rule). A sequence of legal steps ending on a final state
 * is one: its every prefix leads to that final. */
static PyObject *Search_play(Search *self, PyObject *steps) {
    if (bound() < 0) return NULL;
    PyObject *played = PySequence_Fast(steps, "steps must be a sequence");
    if (!played) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(played);
    State at = self->states[0];
    int legal = n <= left_count(at.left);
    for (Py_ssize_t k = 0; legal && k < n; k++) {
        long src, die;
        if (read_step(PySequence_Fast_GET_ITEM(played, k), &src, &die) < 0) {
            Py_DECREF(played);
            return NULL;
        }
        int i = 0, count = left_count(at.left);
        while (i < count && left_die(at.left, i) != die) i++;
        legal = at.board != ALL_OFF && i < count && src >= 1 && src <= BAR &&
                step(&self->context, &at, (int)src, (int)die, &at);
        if (legal) at.left = left_without(at.left, i);
    }
    Py_DECREF(played);
    if (legal) {
        legal = 0;
        for (Py_ssize_t k = 0; !legal && k < self->n_finals; k++) {
            const State *st = &self->states[self->finals[k]];
            legal = st->depth == n && st->board == at.board && st->hits == at.hits &&
                    st->left == at.left;
        }
    }
    if (!legal) Py_RETURN_NONE;
    return position_of(self, at.board, at.hits);
}

static PyObject *Search_max_steps(Search *self, void *Py_UNUSED(unused)) {
    return PyLong_FromLong(self->max_steps);
}

static PyMethodDef Search_methods[] = {
    {"turns", (PyCFunction)Search_turns, METH_NOARGS,
     "One Turn per distinct result, the longest first, in the search's order."},
    {"sequences", (PyCFunction)Search_sequences, METH_NOARGS,
     "One step tuple per distinct result, as turns() orders them."},
    {"finals", (PyCFunction)Search_finals, METH_NOARGS,
     "The (state, dice left) key of every final state, as movegen.py writes keys."},
    {"play", (PyCFunction)Search_play, METH_O,
     "The position after a whole legal turn from the searched position, else None."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"max_steps", (getter)Search_max_steps, NULL, "The most steps any legal turn plays.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "nardy.short._movegen.Search",
    .tp_basicsize = sizeof(Search),
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Short nardy's legal-turn search of one position and roll (compiled).",
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
    .tp_new = Search_new,
};

/* Is `table` 26 rows (src 0..25) of 7 `Step`s (die 0..6), as movegen.py's `_STEPS`? */
static int check_steps(PyObject *table) {
    int ok = PyTuple_Check(table) && PyTuple_GET_SIZE(table) == BAR + 1;
    for (Py_ssize_t i = 0; ok && i <= BAR; i++) {
        PyObject *row = PyTuple_GET_ITEM(table, i);
        ok = PyTuple_Check(row) && PyTuple_GET_SIZE(row) == 7;
    }
    if (!ok) PyErr_SetString(PyExc_TypeError, "steps[src][die]: 26 tuples of 7 steps");
    return ok ? 0 : -1;
}

/* bind(Position, Turn, colors, steps): the classes turns() builds, the two `Color` members
 * (White, Black) it puts in them and the steps its paths are made of; once, at import. */
static PyObject *bind(PyObject *Py_UNUSED(module), PyObject *args) {
    static const char *const position_fields[] = {"points", "bar", "off", "to_move"};
    PyObject *position, *turn, *sides, *steps;
    if (!PyArg_ParseTuple(args, "O!O!O!O", &PyType_Type, &position, &PyType_Type, &turn,
                          &PyTuple_Type, &sides, &steps))
        return NULL;
    Py_ssize_t offsets[N_SLOTS];
    if (check_classes(position, turn, sides, position_fields, offsets) < 0 ||
        check_steps(steps) < 0)
        return NULL;
    /* Everything checked: only now is anything bound. */
    keep_classes(&classes, position, turn, sides, offsets);
    Py_INCREF(steps);
    Py_XSETREF(steps_table, steps);
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"bind", bind, METH_VARARGS, "The Position and Turn classes, colours and steps to build."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "nardy.short._movegen",
    .m_doc = "Short nardy's legal-turn search of nardy/short/movegen.py, compiled.",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__movegen(void) { return create_search_module(&module, &SearchType); }
