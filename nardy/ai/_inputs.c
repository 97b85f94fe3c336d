/* The network's inputs (nardy/ai/network.py `inputs`) compiled: the same values, bit for bit,
 * as the numpy reference (tests/ai/test_compiled_inputs.py), without numpy's cost per call on
 * the small batches of one move (about two thirds of a training game in numpy).
 *
 * inputs(boards, n) reads n boards of 2 x 25 int64 counts (row 0 the viewer, row 1 the
 * opponent, each by own point, column 0 borne off) and returns n x 209 float32 inputs:
 * per side (viewer first) 24 x 4 point units, borne off / 15, the five strategy terms of
 * nardy/ai/features.py over their scales, pips / 200, pips to the first checker off / 100;
 * then 1.0 for a pure race. Every division is a float32 one, as numpy's is.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "../_glue.h" /* CHECKERS, inputs()'s arguments, the module with its SOURCE_SHA256 */

#define POINTS 24
#define COLUMNS (POINTS + 1)
#define HOME_EDGE 6
#define SIDE_INPUTS (POINTS * 4 + 1 + 5 + 2)
#define INPUTS (2 * SIDE_INPUTS + 1)

static const float TERM_SCALE[5] = {100.0f, 6.0f, 10.0f, 15.0f, 12.0f};

/* The strategy terms of `mine` against `theirs`, both 24 counts by their own points
 * (features.strategy_terms: pressure, prime, stacks, head, spread). */
static void strategy_terms(const int64_t *mine, const int64_t *theirs, int64_t *terms) {
    int held_by_me[POINTS]; /* in their numbering: their q is my q ± 12 (RULES.md §1) */
    for (int i = 0; i < POINTS; i++) held_by_me[i] = mine[(i + 12) % POINTS] > 0;
    int64_t pressure = 0;
    int rear = 0; /* one past their rearmost checker */
    for (int i = 0; i < POINTS; i++) {
        int64_t ahead = 0; /* my points among the six in front of their point i */
        for (int k = 1; k <= 6 && i - k >= 0; k++) ahead += held_by_me[i - k];
        pressure += theirs[i] * ahead * ahead;
        if (theirs[i] > 0) rear = i + 1;
    }
    int64_t prime = 0, run = 0;
    for (int i = 0; i < POINTS; i++) {
        run = held_by_me[i] && i < rear - 1 ? run + 1 : 0;
        if (run > prime) prime = run;
    }
    int64_t stacks = 0, spread = 0;
    for (int i = 0; i < POINTS - 1; i++) {
        if (mine[i] > 3) stacks += mine[i] - 3;
        spread += mine[i] > 0;
    }
    terms[0] = pressure;
    terms[1] = prime;
    terms[2] = stacks;
    terms[3] = mine[POINTS - 1];
    terms[4] = spread;
}

static float *side_inputs(const int64_t *side, const int64_t *other, float *out) {
    int64_t pips = 0, outside = 0, terms[5];
    for (int p = 1; p <= POINTS; p++) {
        float count = (float)side[p];
        *out++ = count >= 1.0f;
        *out++ = count >= 2.0f;
        *out++ = count >= 3.0f;
        *out++ = (count - 3.0f > 0.0f ? count - 3.0f : 0.0f) / 4.0f;
        pips += p * side[p];
        if (p > HOME_EDGE) outside += (p - HOME_EDGE) * side[p];
    }
    *out++ = (float)side[0] / (float)CHECKERS;
    strategy_terms(side + 1, other + 1, terms);
    for (int t = 0; t < 5; t++) *out++ = (float)terms[t] / TERM_SCALE[t];
    *out++ = (float)pips / 200.0f;
    float first_off = side[0] > 0 ? 0.0f : (float)outside + 6.0f;
    *out++ = first_off / 100.0f;
    return out;
}

static PyObject *inputs(PyObject *module, PyObject *args) {
    Py_buffer view;
    Py_ssize_t n;
    const Py_ssize_t row = 2 * COLUMNS * (Py_ssize_t)sizeof(int64_t);
    PyObject *result = inputs_arguments(args, row, INPUTS * (Py_ssize_t)sizeof(float),
                                        "n boards of 2 x 25 int64 counts", &view, &n);
    if (!result) return NULL;
    const int64_t *boards = view.buf;
    float *out = (float *)PyByteArray_AS_STRING(result);
    for (Py_ssize_t b = 0; b < n; b++) {
        const int64_t *mine = boards + b * 2 * COLUMNS, *theirs = mine + COLUMNS;
        out = side_inputs(mine, theirs, out);
        out = side_inputs(theirs, mine, out);
        int race = 1;
        for (int p = 13; p <= POINTS; p++) race &= mine[p] == 0 && theirs[p] == 0;
        *out++ = (float)race;
    }
    PyBuffer_Release(&view);
    return result;
}

static PyMethodDef methods[] = {
    {"inputs", inputs, METH_VARARGS, "n x 209 float32 network inputs of n boards."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "nardy.ai._inputs", "The network's inputs, compiled.", -1, methods,
};

PyMODINIT_FUNC PyInit__inputs(void) {
    return create_module(&module);
}
