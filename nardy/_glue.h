/* What the four C extensions share (nardy/_movegen.c, nardy/short/_movegen.c, nardy/ai/_inputs.c,
 * nardy/short/ai/_inputs.c): the packed board and dice of both legal-turn searches, and the
 * Python-object glue around them (reading arguments, building `Position` and `Turn` objects,
 * creating the module), written once so that the two games cannot drift apart in it. What is
 * one game's own (its state, its rules, its hashing, its results) stays in its .c file.
 *
 * Each extension is one translation unit that includes this header (by a relative path) after
 * PY_SSIZE_T_CLEAN and <Python.h>: everything here is static, each extension has its own copy.
 * The SHA-256 that setup.py compiles in as SOURCE_SHA256 covers this header as well as the .c
 * (`nardy.compiled.source_digest`), so that a build from an older header counts as stale too.
 */
#ifndef NARDY_GLUE_H
#define NARDY_GLUE_H

#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

/* ---- The packed board and dice of both searches ---- */

#define CHECKERS 15 /* each side's, in both games */

/* A board: the mover's checkers four bits a point in his own numbering, nibble 0 borne off. */
typedef unsigned __int128 u128;

/* The mover's count on own point `point` (0: borne off) of `board`. */
static inline int nibble(u128 board, int point) { return (int)((board >> (4 * point)) & 15); }

/* The dice still to play, packed in a uint16_t: their count in bits 12 and up, the dice three
 * bits each below it, highest first. How many there are. */
static inline int left_count(uint16_t left) { return left >> 12; }

/* The i-th die (0 first) of packed dice `left`. */
static inline int left_die(uint16_t left, int i) { return (left >> (3 * i)) & 7; }

/* Packed dice `left` without its i-th die, the others in their order. */
static inline uint16_t left_without(uint16_t left, int i) {
    int n = left_count(left), j, k = 0;
    uint16_t out = 0;
    for (j = 0; j < n; j++) {
        if (j != i) {
            out |= (uint16_t)(left_die(left, j) << (3 * k));
            k++;
        }
    }
    return (uint16_t)(out | ((n - 1) << 12));
}

/* An open-addressing set of state indices (-1: an empty slot), sized a power of two; each
 * search keys and probes it by its own state (its `table_slot`). */
typedef struct {
    Py_ssize_t *slots;
    size_t mask;
    Py_ssize_t used;
} Table;

/* An empty table of `size` slots (a power of two); -1 with MemoryError set. */
static inline int table_init(Table *t, size_t size) {
    t->slots = PyMem_Malloc(size * sizeof(Py_ssize_t));
    if (!t->slots) {
        PyErr_NoMemory();
        return -1;
    }
    memset(t->slots, 0xff, size * sizeof(Py_ssize_t));
    t->mask = size - 1;
    t->used = 0;
    return 0;
}

/* ---- Reading a search's arguments ---- */

/* Read `n` counts of -15..15 (a position's points, bar or off) from any sequence into `out`;
 * `not_sequence` is the TypeError's message where it is no sequence. 0, or -1 with an error. */
static inline int read_counts(PyObject *sequence, long *out, Py_ssize_t n,
                              const char *not_sequence) {
    PyObject *fast = PySequence_Fast(sequence, not_sequence);
    if (!fast) return -1;
    int ok = PySequence_Fast_GET_SIZE(fast) == n;
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        out[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        ok = !PyErr_Occurred() && out[i] >= -CHECKERS && out[i] <= CHECKERS;
    }
    Py_DECREF(fast);
    if (!ok && !PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%zd counts of -15 to 15", n);
    return ok ? 0 : -1;
}

/* The dice of `roll` (a tuple of one to four ints, highest first, its size checked by the
 * caller) packed into `left`, the first die into `high`. 0, or -1 with ValueError where a die
 * is not 1 to 6 (or the error of an item that is no int). */
static inline int read_roll(PyObject *roll, uint16_t *left, int *high) {
    Py_ssize_t n_dice = PyTuple_GET_SIZE(roll);
    *left = (uint16_t)(n_dice << 12);
    *high = 0;
    for (Py_ssize_t i = 0; i < n_dice; i++) {
        long die = PyLong_AsLong(PyTuple_GET_ITEM(roll, i));
        if (die < 1 || die > 6) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a die is 1 to 6");
            return -1;
        }
        if (i == 0) *high = (int)die;
        *left |= (uint16_t)(die << (3 * i));
    }
    return 0;
}

/* The `src` and `die` of a played `Step` (play()); one too large for a C long leaves `src` -1,
 * an illegal step, whose rule the caller's pure walk then names. 0, or -1 with an error (no
 * such attribute, not an int). */
static inline int read_step(PyObject *step, long *src, long *die) {
    PyObject *src_obj = PyObject_GetAttrString(step, "src");
    PyObject *die_obj = src_obj ? PyObject_GetAttrString(step, "die") : NULL;
    *src = src_obj ? PyLong_AsLong(src_obj) : -1;
    *die = die_obj ? PyLong_AsLong(die_obj) : -1;
    Py_XDECREF(src_obj);
    Py_XDECREF(die_obj);
    if (PyErr_Occurred() && PyErr_ExceptionMatches(PyExc_OverflowError)) {
        PyErr_Clear(); /* no such point or die: illegal */
        *src = -1;
    }
    return PyErr_Occurred() ? -1 : 0;
}

/* ---- Building the Python objects of the results ---- */

/* A new tuple of the ints `values[0..n)`; NULL with an error. */
static inline PyObject *long_tuple(const long *values, int n) {
    PyObject *tuple = PyTuple_New(n);
    if (!tuple) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *item = PyLong_FromLong(values[i]);
        if (!item) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, item);
    }
    return tuple;
}

/* A path's steps as a tuple of the `Step` objects table[src][die], from the codes src * 8 + die
 * of its `depth` steps, first step first (each search gathers them from its states' first
 * edges). NULL with an error where the table lacks one. */
static inline PyObject *steps_tuple(PyObject *table, const uint8_t *codes, int depth) {
    PyObject *steps = PyTuple_New(depth);
    if (!steps) return NULL;
    while (depth) {
        int code = codes[--depth];
        PyObject *row = PyTuple_GetItem(table, code / 8);
        PyObject *item = row ? PyTuple_GetItem(row, code % 8) : NULL;
        if (!item) {
            Py_DECREF(steps);
            return NULL;
        }
        Py_INCREF(item);
        PyTuple_SET_ITEM(steps, depth, item);
    }
    return steps;
}

/* The classes a search builds, given once by its module's bind(): the frozen slotted
 * dataclasses `Position` (four fields, each game its own) and `Turn` (steps, result), filled
 * here slot by slot as their generated __init__ would (the search's results are valid by
 * construction) at the offsets of their member descriptors, and the two `Color` members. */
enum { POSITION_SLOTS = 4, TURN_STEPS = POSITION_SLOTS, TURN_RESULT, N_SLOTS };

typedef struct {
    PyTypeObject *position, *turn; /* NULL until bind() */
    PyObject *colors;              /* (Color.WHITE, Color.BLACK) */
    Py_ssize_t offset[N_SLOTS];    /* the position's fields in bind()'s order, then the turn's */
} Classes;

/* A new object of `type` whose object slots at `offsets` take new references to `values`. */
static inline PyObject *new_filled(PyTypeObject *type, const Py_ssize_t *offsets,
                                   PyObject *const *values, int n) {
    PyObject *obj = type->tp_alloc(type, 0);
    if (!obj) return NULL;
    for (int i = 0; i < n; i++) {
        Py_INCREF(values[i]);
        *(PyObject **)((char *)obj + offsets[i]) = values[i];
    }
    return obj;
}

/* A new `Position` of the position's four field values, in bind()'s order. */
static inline PyObject *new_position(const Classes *c, PyObject *const fields[POSITION_SLOTS]) {
    return new_filled(c->position, c->offset, fields, POSITION_SLOTS);
}

/* A new `Turn` of `steps` and the position `result` it leaves. */
static inline PyObject *new_turn(const Classes *c, PyObject *steps, PyObject *result) {
    PyObject *fields[] = {steps, result};
    return new_filled(c->turn, c->offset + TURN_STEPS, fields, 2);
}

/* The offsets of `type`'s object slots `names` into `offsets`, after checking that they are
 * all its slots. 0, or -1 with TypeError (or the error of reading them). */
static inline int bind_slots(PyObject *type, const char *const *names, Py_ssize_t *offsets,
                             int n) {
    PyObject *declared = PyObject_GetAttrString(type, "__slots__");
    if (!declared) return -1;
    PyObject *wanted = PyTuple_New(n);
    for (int i = 0; wanted && i < n; i++) {
        PyObject *name = PyUnicode_FromString(names[i]);
        if (!name) Py_CLEAR(wanted);
        else PyTuple_SET_ITEM(wanted, i, name);
    }
    int same = wanted ? PyObject_RichCompareBool(declared, wanted, Py_EQ) : -1;
    Py_DECREF(declared);
    Py_XDECREF(wanted);
    if (same <= 0) {
        if (!same) PyErr_SetString(PyExc_TypeError, "the fields are not those the search fills");
        return -1;
    }
    for (int i = 0; i < n; i++) {
        PyObject *descr = PyObject_GetAttrString(type, names[i]);
        if (!descr) return -1;
        int is_member = Py_IS_TYPE(descr, &PyMemberDescr_Type);
        if (is_member) {
            PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
            offsets[i] = member->offset;
            is_member = member->type == T_OBJECT_EX;
        }
        Py_DECREF(descr);
        if (!is_member) {
            PyErr_SetString(PyExc_TypeError, "a field is not an object slot");
            return -1;
        }
    }
    return 0;
}

/* bind()'s checks of its classes, before anything is bound: `sides` holds two colours,
 * `position` has exactly the object slots `position_fields` (four) and `turn` exactly steps
 * and result; their offsets go into `offsets` (a `Classes`' order). 0, or -1 with an error. */
static inline int check_classes(PyObject *position, PyObject *turn, PyObject *sides,
                                const char *const position_fields[POSITION_SLOTS],
                                Py_ssize_t offsets[N_SLOTS]) {
    static const char *const turn_fields[] = {"steps", "result"};
    if (PyTuple_GET_SIZE(sides) != 2) {
        PyErr_SetString(PyExc_TypeError, "two colours, White's and Black's");
        return -1;
    }
    if (bind_slots(position, position_fields, offsets, POSITION_SLOTS) < 0 ||
        bind_slots(turn, turn_fields, offsets + TURN_STEPS, 2) < 0)
        return -1;
    return 0;
}

/* bind()'s end, once everything is checked: `c` keeps the classes, the colours and the offsets
 * that check_classes() found (new references; those it held before are released). */
static inline void keep_classes(Classes *c, PyObject *position, PyObject *turn, PyObject *sides,
                                const Py_ssize_t offsets[N_SLOTS]) {
    memcpy(c->offset, offsets, sizeof c->offset);
    Py_INCREF(position);
    Py_INCREF(turn);
    Py_INCREF(sides);
    Py_XSETREF(c->colors, sides);
    Py_XSETREF(c->position, (PyTypeObject *)position);
    Py_XSETREF(c->turn, (PyTypeObject *)turn);
}

/* ---- The module and the networks' inputs ---- */

/* The module of `def` with its SOURCE_SHA256, the digest setup.py computed of the .c and the
 * headers it includes: `nardy.compiled` compares it with the sources at hand, to refuse a
 * build from older ones. NULL with an error. */
static inline PyObject *create_module(PyModuleDef *def) {
    PyObject *m = PyModule_Create(def);
    if (m && PyModule_AddStringConstant(m, "SOURCE_SHA256", SOURCE_SHA256) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/* A search's module: that of `def` (create_module) with its `Search` type readied and added.
 * NULL with an error. */
static inline PyObject *create_search_module(PyModuleDef *def, PyTypeObject *search) {
    if (PyType_Ready(search) < 0) return NULL;
    PyObject *m = create_module(def);
    if (m && PyModule_AddObjectRef(m, "Search", (PyObject *)search) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/* inputs(boards, n)'s arguments and result: `view` a buffer of `n` boards of `board_bytes`
 * each (else ValueError `shape`), and the new bytearray of `n` x `out_bytes` the caller fills;
 * the caller releases `view` after. NULL with an error, `view` then released already. */
static inline PyObject *inputs_arguments(PyObject *args, Py_ssize_t board_bytes,
                                         Py_ssize_t out_bytes, const char *shape,
                                         Py_buffer *view, Py_ssize_t *n) {
    if (!PyArg_ParseTuple(args, "y*n", view, n)) return NULL;
    if (*n < 0 || view->len % board_bytes != 0 || view->len / board_bytes != *n) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, shape);
        return NULL;
    }
    PyObject *result = PyByteArray_FromStringAndSize(NULL, *n * out_bytes);
    if (!result) PyBuffer_Release(view);
    return result;
}

#endif /* NARDY_GLUE_H */
