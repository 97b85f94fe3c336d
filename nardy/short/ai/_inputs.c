/* Short nardy's network inputs (nardy/short/ai/network.py `inputs`) compiled: the same values,
 * bit for bit, as the numpy reference (tests/ai/test_short_inputs.py), without numpy's cost
 * per call on the small batches of one move (over half of a self-play game in numpy).
 *
 * inputs(boards, n) reads n boards of 2 x 26 int64 counts (row 0 the viewer, row 1 the
 * opponent, each by own point: column 0 borne off, 1..24 the points, 25 the bar) and returns
 * n x 200 float32 inputs: per side (viewer first) 24 x 4 point units, the bar / 2, borne off / 15,
 * pips / 100; then the share of the opponent's 36 rolls that reach a blot of the viewer's, and
 * 1.0 while the sides are in contact. Every division is a float32 one, as numpy's is.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "../../_glue.h" /* CHECKERS, inputs()'s arguments, the module with its SOURCE_SHA256 */

#define POINTS 24
#define BAR (POINTS + 1)
#define COLUMNS (BAR + 1)
#define SIDE_INPUTS (POINTS * 4 + 3)
#define INPUTS (2 * SIDE_INPUTS + 2)
#define ROLLS 36

/* Bit r of reach[d] is set when roll r of the 36 moves one checker d pips (1..24) with one die,
 * both, or a double's two, three or four steps (network.REACH); filled once at import. */
static uint64_t reach[BAR];

static void init_reach(void) {
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++) {
            uint64_t roll = (uint64_t)1 << ((a - 1) * 6 + (b - 1));
            if (a == b)
                for (int steps = 1; steps <= 4; steps++) reach[steps * a] |= roll;
            else {
                reach[a] |= roll;
                reach[b] |= roll;
                reach[a + b] |= roll;
            }
        }
}

static float *side_inputs(const int64_t *side, float *out) {
    int64_t pips = 0;
    for (int p = 1; p <= POINTS; p++) {
        float count = (float)side[p];
        *out++ = count >= 1.0f;
        *out++ = count >= 2.0f;
        *out++ = count >= 3.0f;
        *out++ = (count - 3.0f > 0.0f ? count - 3.0f : 0.0f) / 2.0f;
        pips += p * side[p];
    }
    pips += BAR * side[BAR];
    *out++ = (float)side[BAR] / 2.0f;
    *out++ = (float)side[0] / (float)CHECKERS;
    *out++ = (float)pips / 100.0f;
    return out;
}

/* network.shot_share of one board: the opponent's own point q (his bar 25) is the viewer's
 * 25 - q (0), and a checker there hits a viewer's blot d pips above it with the rolls reach[d]. */
static float shot_share(const int64_t *mine, const int64_t *theirs) {
    /* Bit p: a blot on p; bit d: a blot d pips above a hitter. Masks, not branches, which
     * random boards would mispredict. */
    uint32_t blots = 0, distances = 0;
    for (int p = 1; p <= POINTS; p++) blots |= (uint32_t)(mine[p] == 1) << p;
    for (int v = 0; v < BAR; v++) distances |= (blots >> v) & -(uint32_t)(theirs[BAR - v] > 0);
    uint64_t hits = 0;
    for (int d = 1; d <= POINTS; d++) hits |= reach[d] & -(uint64_t)(distances >> d & 1);
    int count = 0;
    for (; hits; hits &= hits - 1) count++;
    return (float)count / (float)ROLLS;
}

/* network.contact of one board: the rearmost checkers (the bar 25) have not passed each other. */
static float contact(const int64_t *mine, const int64_t *theirs) {
    int rear[2] = {0, 0};
    for (int p = 1; p <= BAR; p++) {
        if (mine[p] > 0) rear[0] = p;
        if (theirs[p] > 0) rear[1] = p;
    }
    return (float)(rear[0] + rear[1] > BAR);
}

static PyObject *inputs(PyObject *module, PyObject *args) {
    (void)module;
    Py_buffer view;
    Py_ssize_t n;
    const Py_ssize_t row = 2 * COLUMNS * (Py_ssize_t)sizeof(int64_t);
    PyObject *result = inputs_arguments(args, row, INPUTS * (Py_ssize_t)sizeof(float),
                                        "n boards of 2 x 26 int64 counts", &view, &n);
    if (!result) return NULL;
    const int64_t *boards = view.buf;
    float *out = (float *)PyByteArray_AS_STRING(result);
    for (Py_ssize_t b = 0; b < n; b++) {
        const int64_t *mine = boards + b * 2 * COLUMNS, *theirs = mine + COLUMNS;
        out = side_inputs(mine, out);
        out = side_inputs(theirs, out);
        *out++ = shot_share(mine, theirs);
        *out++ = contact(mine, theirs);
    }
    PyBuffer_Release(&view);
    return result;
}

static PyMethodDef methods[] = {
    {"inputs", inputs, METH_VARARGS, "n x 200 float32 network inputs of n short-nardy boards."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "nardy.short.ai._inputs",
    .m_doc = "Short nardy's network inputs, compiled.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__inputs(void) {
    init_reach();
    return create_module(&module);
}
