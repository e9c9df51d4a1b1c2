/*
 * webapp._sliding: the inner loops of the sliding-tile solver in plain C.
 *
 * Four functions (the contract in the sliding solver's native.py):
 *   bfs_table(width, height) -> bytes
 *   half_table(width, height, progress=None) -> (table, layers, farthest)
 *   pdb_build(width, height, pattern, progress=None) -> bytes
 *   ida(width, height, tiles, pdbs=(), mirror=False, max_nodes=0,
 *       max_seconds=0.0, progress=None, start_bound=0, weight=1.0, max_length=0)
 *       -> (status, moves, nodes, bound)
 * Every one has a pure-Python twin in webapp/sliding/ giving the same
 * answers (and, for ida, the same node counts); this file only makes them
 * fast. Boards are row-major, cell = row * width + column, 0 is the hole,
 * tile t belongs on cell t - 1 and the hole on the last cell.
 *
 * All work runs with the GIL released; the progress callback (and pending
 * signals, so Ctrl+C works) are looked at with the GIL re-acquired at most
 * every REPORT_SECONDS. A callback that raises stops the work and its
 * exception propagates. No allocation happens per node or per state.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "bits.h"

/* GCC vectorises the ranking loop so that it reloads freshly stored cells
 * as one 16-byte word, which stalls (store forwarding fails): a third of
 * the search's time. The search and its helpers are compiled without it. */
#if defined(__GNUC__) && !defined(__clang__)
#define NOVEC __attribute__((optimize("no-tree-vectorize")))
#else
#define NOVEC
#endif

#define MIN_SIDE 2
#define MAX_SIDE 8
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
#define MAX_TABLE_CELLS 10         /* bfs_table: n! entries, 3,628,800 at most */
#define REPORT_SECONDS 0.05        /* progress callback and signals at most this often */
#define CHECK_NODES 1024           /* ida looks at the clock every this many nodes */
#define CHECK_STATES 4096          /* pdb_build looks at the clock every this many states */
#define MAX_DEPTH 2000             /* ida thresholds (an 8 x 8 board's h is at most ~1,100) */
#define UNREACHED 255

/* ida's f = SCALE g + weight_k h, weight_k = weight x SCALE rounded: whole
 * numbers, so that the Python twin compares exactly as this file does. */
#define SCALE 1024
/* A weighted search's f takes many close values: its bound rises by at
 * least WEIGHTED_STEP (4 moves) an iteration, or it would redo its tree
 * for every one of them (a solution then is at most w x shortest + 4). */
#define WEIGHTED_STEP (4 * SCALE)
#define FOUND (-1)
#define ABORT (-2)
#define INFINITE_F 0x7fffffff

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------------ */
/* Board geometry                                                      */

typedef struct {
    int w, h, n;
    uint64_t full;                /* every cell */
    uint64_t first_col, last_col; /* cells of column 0 and of column w - 1 */
    uint64_t near[MAX_CELLS];     /* neighbour cells of each cell, as a mask */
    /* Neighbours in MOVE ORDER: above, left, right, below (reading order). */
    uint8_t nbr[MAX_CELLS][4];
    uint8_t nnbr[MAX_CELLS];
} Geom;

static void geom_init(Geom *g, int w, int h)
{
    g->w = w;
    g->h = h;
    g->n = w * h;
    g->full = g->n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << g->n) - 1);
    g->first_col = g->last_col = 0;
    for (int c = 0; c < g->n; c++) {
        int r = c / w, col = c % w, k = 0;
        if (col == 0) g->first_col |= (uint64_t)1 << c;
        if (col == w - 1) g->last_col |= (uint64_t)1 << c;
        if (r > 0) g->nbr[c][k++] = (uint8_t)(c - w);
        if (col > 0) g->nbr[c][k++] = (uint8_t)(c - 1);
        if (col < w - 1) g->nbr[c][k++] = (uint8_t)(c + 1);
        if (r < h - 1) g->nbr[c][k++] = (uint8_t)(c + w);
        g->nnbr[c] = (uint8_t)k;
        g->near[c] = 0;
        for (int i = 0; i < k; i++) g->near[c] |= (uint64_t)1 << g->nbr[c][i];
    }
}

/* The cells next to any cell of m (m included), as a mask. */
static inline uint64_t spread(const Geom *g, uint64_t m)
{
    return (m | ((m >> 1) & ~g->last_col) | ((m << 1) & ~g->first_col) | (m >> g->w) | (m << g->w))
           & g->full;
}

/* The cells the hole reaches from `start` without crossing a cell outside `open`. */
static inline uint64_t flood(const Geom *g, uint64_t start, uint64_t open)
{
    uint64_t comp = start, next;
    while ((next = spread(g, comp) & open) != comp) comp = next;
    return comp;
}

/* The cell of the r-th set bit (from 0) of m. */
static inline int select_bit(uint64_t m, unsigned r)
{
    while (r--) m &= m - 1;
    return ctz64(m);
}

/* The contract's rank of k distinct cells (or of a whole permutation when
 * k == n: then it is the lexicographic rank): r_i = cell_i minus the earlier
 * cells below it, index = ((r0 * (n-1) + r1) * (n-2) + r2) ... */
static inline uint64_t rank_cells(const uint8_t *cells, int k, int n)
{
    uint64_t seen = 0, index = 0;
    for (int i = 0; i < k; i++) {
        unsigned c = cells[i];
        index = index * (uint64_t)(n - i) + (c - popcount64(seen & (((uint64_t)1 << c) - 1)));
        seen |= (uint64_t)1 << c;
    }
    return index;
}

/* The same rank by comparisons, for the few cells of a pattern in the
 * search's inner loop (no popcount instruction needed, and faster there). */
static inline NOVEC uint32_t rank_pattern(const uint8_t *cells, int k, int n)
{
    uint32_t index = 0;
    for (int i = 0; i < k; i++) {
        int r = cells[i];
        for (int j = 0; j < i; j++) r -= cells[j] < cells[i];
        index = index * (uint32_t)(n - i) + (uint32_t)r;
    }
    return index;
}

static void unrank_cells(uint64_t index, int k, int n, uint64_t full, uint8_t *cells)
{
    unsigned digit[MAX_CELLS];
    for (int i = k - 1; i >= 0; i--) {
        digit[i] = (unsigned)(index % (uint64_t)(n - i));
        index /= (uint64_t)(n - i);
    }
    uint64_t seen = 0;
    for (int i = 0; i < k; i++) {
        int c = select_bit(full & ~seen, digit[i]);
        cells[i] = (uint8_t)c;
        seen |= (uint64_t)1 << c;
    }
}

/* n! / (n - k)!, or 0 when it exceeds limit. */
static uint64_t arrangements(int n, int k, uint64_t limit)
{
    uint64_t a = 1;
    for (int i = 0; i < k; i++) {
        a *= (uint64_t)(n - i);
        if (a > limit) return 0;
    }
    return a;
}

/* ------------------------------------------------------------------ */
/* Argument checks (ValueError, never a crash)                         */

static int check_size(int w, int h)
{
    if (w < MIN_SIDE || w > MAX_SIDE || h < MIN_SIDE || h > MAX_SIDE) {
        PyErr_Format(PyExc_ValueError, "board size %d x %d is out of range (sides %d to %d)",
                     w, h, MIN_SIDE, MAX_SIDE);
        return -1;
    }
    return 0;
}

/* A sequence of small ints into out[]; returns its length or -1. */
static Py_ssize_t int_sequence(PyObject *obj, const char *what, int lo, int hi, uint8_t *out,
                               Py_ssize_t most)
{
    if (PyObject_CheckBuffer(obj)) {
        Py_buffer view;
        if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return -1;
        Py_ssize_t len = view.len;
        if (len > most) {
            PyBuffer_Release(&view);
            PyErr_Format(PyExc_ValueError, "%s has %zd entries, at most %zd allowed", what, len, most);
            return -1;
        }
        for (Py_ssize_t i = 0; i < len; i++) {
            int v = ((const unsigned char *)view.buf)[i];
            if (v < lo || v > hi) {
                PyBuffer_Release(&view);
                PyErr_Format(PyExc_ValueError, "%s: %d is outside %d..%d", what, v, lo, hi);
                return -1;
            }
            out[i] = (uint8_t)v;
        }
        PyBuffer_Release(&view);
        return len;
    }
    PyObject *seq = PySequence_Fast(obj, "");
    if (!seq) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "%s must be a sequence of integers", what);
        }
        return -1;
    }
    Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
    if (len > most) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s has %zd entries, at most %zd allowed", what, len, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        long v = PyLong_AsLong(item);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (v < lo || v > hi) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "%s: %ld is outside %d..%d", what, v, lo, hi);
            return -1;
        }
        out[i] = (uint8_t)v;
    }
    Py_DECREF(seq);
    return len;
}

/* A pattern: 1..n-1 distinct tiles. Returns k or -1. */
static int read_pattern(PyObject *obj, int n, uint8_t *tiles, uint64_t *used)
{
    Py_ssize_t k = int_sequence(obj, "pattern", 1, n - 1, tiles, n - 1);
    if (k < 0) return -1;
    if (k == 0) {
        PyErr_SetString(PyExc_ValueError, "pattern is empty");
        return -1;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        uint64_t bit = (uint64_t)1 << tiles[i];
        if (*used & bit) {
            PyErr_Format(PyExc_ValueError, "tile %d appears twice in the patterns", tiles[i]);
            return -1;
        }
        *used |= bit;
    }
    return (int)k;
}

static int progress_arg(PyObject *progress)
{
    if (progress != Py_None && !PyCallable_Check(progress)) {
        PyErr_SetString(PyExc_TypeError, "progress must be callable or None");
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Checkpoints: clock, signals and the progress callback               */

typedef struct {
    PyThreadState *ts;      /* the saved thread state while the GIL is released */
    PyObject *progress;     /* None or a callable */
    double next_report;
    int failed;             /* the callback raised (or a signal handler did) */
} Reporter;

static void reporter_start(Reporter *r, PyObject *progress)
{
    r->progress = progress;
    r->failed = 0;
    r->next_report = now_seconds() + REPORT_SECONDS;
    r->ts = PyEval_SaveThread();
}

static void reporter_stop(Reporter *r)
{
    PyEval_RestoreThread(r->ts);
}

/* Calls progress(a, b) with the GIL if its time has come; 0 or -1 (raised). */
static int reporter_tick(Reporter *r, double t, unsigned long long a, unsigned long long b)
{
    if (t < r->next_report) return 0;
    PyEval_RestoreThread(r->ts);
    int bad = PyErr_CheckSignals();
    if (!bad && r->progress != Py_None) {
        PyObject *res = PyObject_CallFunction(r->progress, "KK", a, b);
        if (!res) bad = -1;
        else Py_DECREF(res);
    }
    r->ts = PyEval_SaveThread();
    r->next_report = now_seconds() + REPORT_SECONDS;
    if (bad) r->failed = 1;
    return bad ? -1 : 0;
}

/* The last report, 100 percent: always made (if there is a callback). */
static void reporter_final(Reporter *r, unsigned long long a, unsigned long long b)
{
    r->next_report = 0;
    reporter_tick(r, 1.0, a, b);
}

/* ------------------------------------------------------------------ */
/* bfs_table                                                           */

PyDoc_STRVAR(bfs_table_doc,
"bfs_table(width, height) -> bytes\n\n"
"The distance to the goal of every arrangement of a board of at most 10\n"
"cells, indexed by the lexicographic rank of its tile tuple (n! entries;\n"
"255 = unreachable, the other parity).\n\n"
">>> t = bfs_table(3, 3); len(t), max(d for d in t if d != 255)\n"
"(362880, 31)\n");

static PyObject *bfs_table(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"width", "height", NULL};
    int w, h;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "ii:bfs_table", kwlist, &w, &h)) return NULL;
    if (check_size(w, h) < 0) return NULL;
    int n = w * h;
    if (n > MAX_TABLE_CELLS) {
        PyErr_Format(PyExc_ValueError, "bfs_table needs a board of at most %d cells, not %d",
                     MAX_TABLE_CELLS, n);
        return NULL;
    }
    Geom g;
    geom_init(&g, w, h);
    uint64_t total = arrangements(n, n, UINT64_MAX);
    PyObject *result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)total);
    if (!result) return NULL;
    uint8_t *dist = (uint8_t *)PyBytes_AS_STRING(result);
    uint32_t *queue = PyMem_RawMalloc(total * sizeof(uint32_t));
    if (!queue) {
        Py_DECREF(result);
        return PyErr_NoMemory();
    }
    Py_BEGIN_ALLOW_THREADS
    memset(dist, UNREACHED, total);
    uint8_t tiles[MAX_TABLE_CELLS];
    for (int c = 0; c < n; c++) tiles[c] = (uint8_t)((c + 1) % n);
    uint32_t goal = (uint32_t)rank_cells(tiles, n, n);
    dist[goal] = 0;
    size_t head = 0, tail = 0;
    queue[tail++] = goal;
    while (head < tail) {
        uint32_t s = queue[head++];
        uint8_t d = dist[s];
        unrank_cells(s, n, n, g.full, tiles);
        int hole = 0;
        while (tiles[hole]) hole++;
        for (int i = 0; i < g.nnbr[hole]; i++) {
            int c = g.nbr[hole][i];
            tiles[hole] = tiles[c];
            tiles[c] = 0;
            uint32_t t = (uint32_t)rank_cells(tiles, n, n);
            if (dist[t] == UNREACHED) {
                dist[t] = (uint8_t)(d + 1);
                queue[tail++] = t;
            }
            tiles[c] = tiles[hole];
            tiles[hole] = 0;
        }
    }
    Py_END_ALLOW_THREADS
    PyMem_RawFree(queue);
    return result;
}

/* ------------------------------------------------------------------ */
/* half_table                                                          */

/* A solvable position's place in half_table (the contract in the
 * solver's bigtable.py): its tiles in reading order without the hole,
 * less one each, have the lexicographic rank r among the (n-1)! orders;
 * r and r ^ 1 differ by swapping the last two tiles, so for a given hole
 * cell exactly one of them can reach the goal. index = (r >> 1) * n + hole:
 * a sideways move keeps r, and so stays within the index's cache line. */
#define MAX_HALF_CELLS 12          /* 12! / 2 = 239,500,800 entries: 32-bit indices */
#define HALF_UNREACHED 3
#define MAX_FARTHEST 4096          /* half_table lists at most this many farthest positions */

/* Does the hole cell need an odd order of the other tiles? A tile moving
 * up or down passes w - 1 others (the order's parity flips when w is
 * even) and changes the hole's row: their sum is kept, 0 at the goal. */
static inline unsigned half_parity(const Geom *g, int hole)
{
    return (unsigned)(((g->w - 1) * (g->h - 1 - hole / g->w)) & 1);
}

/* The factorial-base digits of the even rank 2q of k tiles' orders (their
 * sum is the order's inversions, so its parity). 32-bit arithmetic: (k)!
 * < 2^32 for k <= 11, and a 32-bit division costs a fraction of a 64-bit one. */
static unsigned half_digits(uint32_t q, int k, unsigned *digit)
{
    uint32_t index = q << 1;
    unsigned sum = 0;
    for (int i = k - 1; i >= 0; i--) {
        digit[i] = index % (uint32_t)(k - i);
        index /= (uint32_t)(k - i);
        sum += digit[i];
    }
    return sum;
}

/* The tiles (less one) of those digits into seq, with the parity the hole
 * asks for: an odd sum where an even one is needed takes rank 2q + 1, the
 * last two tiles swapped. */
static void half_order(const unsigned *digit, unsigned sum, int k, unsigned parity, uint8_t *seq)
{
    uint64_t seen = 0, all = ((uint64_t)1 << k) - 1;
    for (int i = 0; i < k; i++) {
        int v = select_bit(all & ~seen, digit[i]);
        seq[i] = (uint8_t)v;
        seen |= (uint64_t)1 << v;
    }
    if ((sum & 1) != parity) {
        uint8_t x = seq[k - 2];
        seq[k - 2] = seq[k - 1];
        seq[k - 1] = x;
    }
}

static inline uint8_t half_get(const uint8_t *t, uint64_t i)
{
    return (uint8_t)((t[i >> 2] >> ((i & 3) << 1)) & 3);
}

static inline void half_set(uint8_t *t, uint64_t i, unsigned v)
{
    unsigned shift = (unsigned)((i & 3) << 1);
    t[i >> 2] = (uint8_t)((t[i >> 2] & ~(3u << shift)) | (v << shift));
}

PyDoc_STRVAR(half_table_doc,
"half_table(width, height, progress=None) -> (table, layers, farthest)\n\n"
"The distance to the goal of every solvable position of a board of 4 to\n"
"12 cells, modulo 3, two bits an entry (four entries a byte, the first in\n"
"the low bits), at the index (r >> 1) * n + hole, r the lexicographic\n"
"rank of the other tiles' order in reading order (each less one). A move\n"
"changes the distance by exactly one, so the residue of a position and of\n"
"its neighbours tells which move goes downhill: a walk reads the exact\n"
"distance. layers: how many positions are at each distance; farthest:\n"
"the indices of those at the greatest (at most MAX_FARTHEST of them).\n"
"A breadth-first search, a layer at a time, its frontier in a bitmap.\n"
"progress(entries_done, depth) at most every ~50 ms.\n\n"
">>> t, layers, far = half_table(3, 3); len(t), len(layers) - 1, far\n"
"(45360, 31, [125816, 177874])\n");

static PyObject *half_table(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"width", "height", "progress", NULL};
    int w, h;
    PyObject *progress = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "ii|O:half_table", kwlist, &w, &h, &progress))
        return NULL;
    if (check_size(w, h) < 0 || progress_arg(progress) < 0) return NULL;
    int n = w * h, k = n - 1;
    if (n > MAX_HALF_CELLS) {
        PyErr_Format(PyExc_ValueError, "half_table needs a board of at most %d cells, not %d",
                     MAX_HALF_CELLS, n);
        return NULL;
    }
    Geom g;
    geom_init(&g, w, h);
    uint64_t half = arrangements(k, k, UINT64_MAX) / 2, total = half * (uint64_t)n;
    size_t nbytes = (size_t)((total + 3) / 4), words = (size_t)((total + 63) / 64);
    PyObject *result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)nbytes);
    if (!result) return NULL;
    uint8_t *t = (uint8_t *)PyBytes_AS_STRING(result);
    uint64_t *cur = PyMem_RawCalloc(words, sizeof(uint64_t));
    uint64_t *next = PyMem_RawCalloc(words, sizeof(uint64_t));
    if (!cur || !next) {
        PyMem_RawFree(cur);
        PyMem_RawFree(next);
        Py_DECREF(result);
        return PyErr_NoMemory();
    }
    PyObject *layers = PyList_New(0), *farthest = PyList_New(0);
    uint64_t counts[256];
    uint64_t far[MAX_FARTHEST];
    int nfar = 0;
    if (!layers || !farthest) {
        PyMem_RawFree(cur);
        PyMem_RawFree(next);
        Py_XDECREF(layers);
        Py_XDECREF(farthest);
        Py_DECREF(result);
        return NULL;
    }
    Reporter rep;
    reporter_start(&rep, progress);
    memset(t, 0xff, nbytes);  /* every entry 3: not reached yet */
    uint64_t goal = (uint64_t)(n - 1), done = 1, found = 1, checked = 0;
    half_set(t, goal, 0);
    cur[goal >> 6] |= (uint64_t)1 << (goal & 63);
    int depth = 0;
    counts[0] = 1;
    uint8_t seq[MAX_HALF_CELLS], board[MAX_HALF_CELLS];
    unsigned digit[MAX_HALF_CELLS], sum = 0;
    uint32_t last_q = UINT32_MAX;  /* the digits in hand: a layer's states of one q come together */
    while (found && depth < 255) {
        found = 0;
        unsigned mark = (unsigned)((depth + 1) % 3);
        for (size_t wd = 0; wd < words; wd++) {
            for (uint64_t bits = cur[wd]; bits; bits &= bits - 1) {
                uint32_t s = (uint32_t)(((uint64_t)wd << 6) + (uint64_t)ctz64(bits));
                uint32_t q = s / (uint32_t)n;
                int hole = (int)(s % (uint32_t)n);
                if (q != last_q) {
                    sum = half_digits(q, k, digit);
                    last_q = q;
                }
                half_order(digit, sum, k, half_parity(&g, hole), seq);
                for (int c = 0, i = 0; c < n; c++) board[c] = c == hole ? 0xff : seq[i++];
                for (int j = 0; j < g.nnbr[hole]; j++) {
                    int c = g.nbr[hole][j];
                    uint32_t q2 = q;  /* sideways: the order is kept */
                    if (c / w != hole / w) {  /* up or down: the order changes */
                        board[hole] = board[c];
                        board[c] = 0xff;
                        for (int x = 0, i = 0; x < n; x++)
                            if (board[x] != 0xff) seq[i++] = board[x];
                        q2 = (uint32_t)(rank_cells(seq, k, k) >> 1);
                        board[c] = board[hole];
                        board[hole] = 0xff;
                    }
                    uint32_t s2 = q2 * (uint32_t)n + (uint32_t)c;
                    if (half_get(t, s2) == HALF_UNREACHED) {
                        half_set(t, s2, mark);
                        next[s2 >> 6] |= (uint64_t)1 << (s2 & 63);
                        found++;
                    }
                }
                if ((++checked & (CHECK_STATES - 1)) == 0
                    && reporter_tick(&rep, now_seconds(), done + found, (unsigned long long)depth) < 0)
                    goto finish;
            }
        }
        if (!found) {  /* cur is the last layer */
            for (size_t wd = 0; wd < words && nfar < MAX_FARTHEST; wd++)
                for (uint64_t bits = cur[wd]; bits && nfar < MAX_FARTHEST; bits &= bits - 1)
                    far[nfar++] = ((uint64_t)wd << 6) + (uint64_t)ctz64(bits);
            break;
        }
        done += found;
        counts[++depth] = found;
        uint64_t *swap = cur;
        cur = next;
        next = swap;
        memset(next, 0, words * sizeof(uint64_t));
    }
    reporter_final(&rep, done, (unsigned long long)depth);
finish:
    reporter_stop(&rep);
    PyMem_RawFree(cur);
    PyMem_RawFree(next);
    if (rep.failed) goto fail;
    if (done != total) {  /* pragma: no cover - every solvable position is reachable */
        PyErr_Format(PyExc_RuntimeError, "half_table reached %llu of %llu positions",
                     (unsigned long long)done, (unsigned long long)total);
        goto fail;
    }
    for (int d = 0; d <= depth; d++) {
        PyObject *x = PyLong_FromUnsignedLongLong(counts[d]);
        if (!x || PyList_Append(layers, x) < 0) {
            Py_XDECREF(x);
            goto fail;
        }
        Py_DECREF(x);
    }
    for (int i = 0; i < nfar; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(far[i]);
        if (!x || PyList_Append(farthest, x) < 0) {
            Py_XDECREF(x);
            goto fail;
        }
        Py_DECREF(x);
    }
    return Py_BuildValue("(NNN)", result, layers, farthest);
fail:
    Py_DECREF(result);
    Py_DECREF(layers);
    Py_DECREF(farthest);
    return NULL;
}

/* ------------------------------------------------------------------ */
/* pdb_build                                                           */

PyDoc_STRVAR(pdb_build_doc,
"pdb_build(width, height, pattern, progress=None) -> bytes\n\n"
"Additive pattern database: for every placement of the pattern's tiles\n"
"(indexed by the rank of their cells in pattern order, n!/(n-k)!\n"
"entries) the fewest moves OF PATTERN TILES that bring them home, the\n"
"other tiles indistinguishable, the hole anywhere. A 0-1 breadth-first\n"
"search over (pattern cells, hole cell) in which the hole's moves over\n"
"other tiles are free: each state popped stands for its whole free\n"
"region. progress(entries_done, percent) at most every ~50 ms.\n\n"
">>> pdb_build(2, 2, (3,))   # tile 3 on cell 0, 1, 2 (home), 3\n"
"b'\\x01\\x02\\x00\\x01'\n");

static PyObject *pdb_build(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"width", "height", "pattern", "progress", NULL};
    int w, h;
    PyObject *pattern_obj, *progress = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiO|O:pdb_build", kwlist, &w, &h,
                                     &pattern_obj, &progress))
        return NULL;
    if (check_size(w, h) < 0 || progress_arg(progress) < 0) return NULL;
    Geom g;
    geom_init(&g, w, h);
    int n = g.n;
    uint8_t pattern[MAX_CELLS];
    uint64_t used = 0;
    int k = read_pattern(pattern_obj, n, pattern, &used);
    if (k < 0) return NULL;
    int free_cells = n - k;  /* where the hole can be */
    /* States are numbered placement * free_cells + hole rank, in 32 bits. */
    uint64_t entries = arrangements(n, k, UINT32_MAX / (uint64_t)free_cells);
    if (!entries) {
        PyErr_Format(PyExc_ValueError, "a pattern of %d tiles on %d cells is too large to build", k, n);
        return NULL;
    }
    uint64_t states = entries * (uint64_t)free_cells;
    PyObject *result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)entries);
    if (!result) return NULL;
    uint8_t *pdb = (uint8_t *)PyBytes_AS_STRING(result);
    uint64_t *seen = PyMem_RawCalloc((size_t)(states / 64 + 1), sizeof(uint64_t));
    /* The queue holds the layer being expanded and the next one; it grows
     * as needed and is compacted at each layer (a few layers are big). */
    size_t cap = (size_t)(entries < (1 << 20) ? entries : (1 << 20)) + 1024, head = 0, tail = 0;
    uint32_t *queue = PyMem_RawMalloc(cap * sizeof(uint32_t));
    if (!seen || !queue) {
        PyMem_RawFree(seen);
        PyMem_RawFree(queue);
        Py_DECREF(result);
        return PyErr_NoMemory();
    }
    int out_of_memory = 0;
    Reporter rep;
    reporter_start(&rep, progress);
    memset(pdb, UNREACHED, (size_t)entries);

    uint8_t cells[MAX_CELLS];
    uint64_t done = 0;
    /* Mark the hole's whole free region of a placement as seen, and queue
     * one of its states. The region's cells are free of pattern tiles. */
#define HOLE_RANK(cell, pmask) ((uint64_t)(cell) - popcount64((pmask) & (((uint64_t)1 << (cell)) - 1)))
#define CLAIM(placement, pmask, region, first_cell)                                       \
    do {                                                                                  \
        uint64_t base_ = (placement) * (uint64_t)free_cells, left_ = (region);            \
        while (left_) {                                                                   \
            int e_ = ctz64(left_);                                                        \
            left_ &= left_ - 1;                                                           \
            uint64_t s_ = base_ + HOLE_RANK(e_, pmask);                                   \
            seen[s_ >> 6] |= (uint64_t)1 << (s_ & 63);                                    \
        }                                                                                 \
        if (tail == cap) {                                                                \
            size_t more_ = cap + cap / 2;                                                 \
            uint32_t *q_ = PyMem_RawRealloc(queue, more_ * sizeof(uint32_t));             \
            if (!q_) { out_of_memory = 1; goto finish; }                                  \
            queue = q_;                                                                   \
            cap = more_;                                                                  \
        }                                                                                 \
        queue[tail++] = (uint32_t)(base_ + HOLE_RANK(first_cell, pmask));                 \
    } while (0)

    uint64_t pmask = 0;
    for (int i = 0; i < k; i++) {
        cells[i] = (uint8_t)(pattern[i] - 1);
        pmask |= (uint64_t)1 << cells[i];
    }
    uint64_t goal = rank_cells(cells, k, n);
    pdb[goal] = 0;
    done = 1;
    /* The search starts from the goal itself, the hole on the last cell (and
     * so, free, anywhere in its region): where the pattern's tiles at home
     * wall off some cells, the hole there is not home yet. Every solution's
     * moves of pattern tiles solve this problem, so it stays additive. */
    {
        uint64_t region = flood(&g, (uint64_t)1 << (n - 1), g.full & ~pmask);
        CLAIM(goal, pmask, region, n - 1);
    }
    size_t layer_end = tail;
    int depth = 0;
    while (head < tail) {
        if (head == layer_end) {
            depth++;
            memmove(queue, queue + head, (tail - head) * sizeof(uint32_t));
            tail -= head;
            head = 0;
            layer_end = tail;
        }
        if ((head & (CHECK_STATES - 1)) == CHECK_STATES - 1
            && reporter_tick(&rep, now_seconds(), done, done * 100 / entries) < 0)
            goto finish;
        uint32_t s = queue[head++];
        uint64_t placement = s / (uint32_t)free_cells;
        unrank_cells(placement, k, n, g.full, cells);
        pmask = 0;
        for (int i = 0; i < k; i++) pmask |= (uint64_t)1 << cells[i];
        int hole = select_bit(g.full & ~pmask, s % (uint32_t)free_cells);
        uint64_t region = flood(&g, (uint64_t)1 << hole, g.full & ~pmask);
        /* Deeper than 254 cannot happen on the boards allowed (at most 7
         * tiles on 16 cells, 4 on 64); clamping would stay admissible. */
        uint8_t next = (uint8_t)(depth + 1 < UNREACHED ? depth + 1 : UNREACHED - 1);
        /* The successors first, their seen bits fetched ahead: the bitset
         * is megabytes and the lookups are random, so they dominate. */
        uint64_t succ_s[4 * MAX_CELLS], succ_p[4 * MAX_CELLS], succ_m[4 * MAX_CELLS];
        uint8_t succ_from[4 * MAX_CELLS];
        int nsucc = 0;
        for (int i = 0; i < k; i++) {
            int from = cells[i];
            /* The tile slides into any cell of the hole's region next to it. */
            for (uint64_t to_cells = g.near[from] & region; to_cells; to_cells &= to_cells - 1) {
                int to = ctz64(to_cells);
                uint64_t pm2 = pmask ^ ((uint64_t)1 << from) ^ ((uint64_t)1 << to);
                cells[i] = (uint8_t)to;
                uint64_t placement2 = rank_cells(cells, k, n);
                uint64_t s2 = placement2 * (uint64_t)free_cells + HOLE_RANK(from, pm2);
                PREFETCH(&seen[s2 >> 6]);
                PREFETCH(&pdb[placement2]);
                succ_s[nsucc] = s2;
                succ_p[nsucc] = placement2;
                succ_m[nsucc] = pm2;
                succ_from[nsucc++] = (uint8_t)from;
            }
            cells[i] = (uint8_t)from;
        }
        for (int j = 0; j < nsucc; j++) {
            uint64_t s2 = succ_s[j], placement2 = succ_p[j], pm2 = succ_m[j];
            int from = succ_from[j];
            if (!(seen[s2 >> 6] & ((uint64_t)1 << (s2 & 63)))) {
                uint64_t region2 = flood(&g, (uint64_t)1 << from, g.full & ~pm2);
                CLAIM(placement2, pm2, region2, from);
                if (pdb[placement2] == UNREACHED) {
                    pdb[placement2] = next;
                    done++;
                }
            }
        }
    }
    reporter_final(&rep, done, 100);
#undef CLAIM
#undef HOLE_RANK
finish:
    reporter_stop(&rep);
    PyMem_RawFree(seen);
    PyMem_RawFree(queue);
    if (rep.failed) {
        Py_DECREF(result);
        return NULL;
    }
    if (out_of_memory) {
        Py_DECREF(result);
        return PyErr_NoMemory();
    }
    return result;
}

/* ------------------------------------------------------------------ */
/* ida                                                                 */

typedef struct {
    const uint8_t *table;
    int k;
    uint8_t tiles[MAX_CELLS];   /* the pattern's tiles, in pattern order */
    uint8_t mtiles[MAX_CELLS];  /* mirror: the tile whose reflection is tiles[i] */
} Pattern;

typedef struct {
    Geom g;
    uint8_t board[MAX_CELLS];   /* tile on each cell */
    uint8_t pos[MAX_CELLS];     /* cell of each tile; pos[0] is the hole */
    uint8_t goal[MAX_CELLS];
    /* Pattern databases */
    int npat, mirror;
    Pattern pat[MAX_CELLS];
    int8_t pat_of[MAX_CELLS];   /* pattern of each tile, -1 for none */
    int8_t mpat_of[MAX_CELLS];  /* mirror pattern whose value changes when the tile moves */
    uint8_t mcell[MAX_CELLS];   /* (r, c) -> (c, r) */
    int hpat[MAX_CELLS], hmir[MAX_CELLS];
    int hn, hm;                 /* sums over the patterns, plain and mirrored */
    /* Manhattan distance + linear conflicts */
    uint8_t grow[MAX_CELLS], gcol[MAX_CELLS];
    int md, lc;
    int rowlc[MAX_SIDE], collc[MAX_SIDE];
    /* Limits */
    unsigned long long nodes, next_check, max_nodes;
    double deadline;
    int stop;                   /* why it stopped: STOP_NODES, STOP_SECONDS, STOP_RAISED */
    int bound, length;          /* bound: on f, in SCALE units */
    int wk;                     /* the weight of h, in SCALE units (SCALE: plain IDA*) */
    int proven;                 /* w x every solution's length is at least this (SCALE units) */
    int max_length;             /* > 0: only solutions shorter than this are looked for */
    Reporter rep;
    uint8_t path[MAX_DEPTH + 2];
} Search;

enum { STOP_NONE, STOP_NODES, STOP_SECONDS, STOP_RAISED };

static inline NOVEC uint32_t pdb_index(const Search *s, int j)
{
    const Pattern *p = &s->pat[j];
    uint8_t cells[MAX_CELLS];
    for (int i = 0; i < p->k; i++) cells[i] = s->pos[p->tiles[i]];
    return rank_pattern(cells, p->k, s->g.n);
}

static inline NOVEC uint32_t pdb_mirror_index(const Search *s, int j)
{
    const Pattern *p = &s->pat[j];
    uint8_t cells[MAX_CELLS];
    for (int i = 0; i < p->k; i++) cells[i] = s->mcell[s->pos[p->mtiles[i]]];
    return rank_pattern(cells, p->k, s->g.n);
}

/* 2 x (tiles in the line that belong to it - the longest run of them
 * already in order): each tile taken out of the line costs two moves
 * across it. `line` is a row (is_row) or a column. */
static inline int line_conflicts(const Search *s, int is_row, int line)
{
    const Geom *g = &s->g;
    int start = is_row ? line * g->w : line, step = is_row ? 1 : g->w;
    int count = is_row ? g->w : g->h;
    int tails[MAX_SIDE], len = 0, m = 0;
    for (int i = 0; i < count; i++) {
        int t = s->board[start + i * step];
        if (!t || (is_row ? s->grow[t] : s->gcol[t]) != line) continue;
        int x = is_row ? s->gcol[t] : s->grow[t], j = 0;
        m++;
        while (j < len && tails[j] < x) j++;
        tails[j] = x;
        if (j == len) len++;
    }
    return 2 * (m - len);
}

/* The proven bound in moves: every solution is at least this long. Each
 * node of a path has f <= w x its length, and some node of every path not
 * found yet had f >= the least f seen above the bound before (`proven`). */
static int bound_moves(const Search *s)
{
    return (int)(((long long)s->proven + s->wk - 1) / s->wk);
}

static int checkpoint(Search *s)
{
    if (s->max_nodes && s->nodes >= s->max_nodes) {
        s->stop = STOP_NODES;
        return -1;
    }
    double t = now_seconds();
    if (s->deadline && t >= s->deadline) {
        s->stop = STOP_SECONDS;
        return -1;
    }
    if (reporter_tick(&s->rep, t, s->nodes, (unsigned long long)bound_moves(s)) < 0) {
        s->stop = STOP_RAISED;
        return -1;
    }
    s->next_check = s->nodes + CHECK_NODES;
    if (s->max_nodes && s->next_check > s->max_nodes) s->next_check = s->max_nodes;
    return 0;
}

/* The path holds MAX_DEPTH moves: a deeper node ends the search as a limit
 * (the bound checks keep legal tables from getting here). */
static int too_deep(Search *s)
{
    s->stop = STOP_NODES;
    return ABORT;
}

/* One node: the search below the current board, g moves from the start,
 * `last` the tile just moved (never moved back at once). Returns FOUND,
 * ABORT or the smallest f above the bound. */
static NOVEC int search_pdb(Search *s, int g, int last)
{
    if (s->nodes == s->next_check && checkpoint(s) < 0) return ABORT;
    s->nodes++;
    int h = s->hn > s->hm ? s->hn : s->hm;
    if (s->max_length && g + h >= s->max_length) return INFINITE_F;
    int f = SCALE * g + s->wk * h;
    if (f > s->bound) return f;
    if (g >= MAX_DEPTH) return too_deep(s);
    if (h == 0 && memcmp(s->board, s->goal, (size_t)s->g.n) == 0) {
        s->length = g;
        return FOUND;
    }
    /* The children's table entries first, fetched ahead: the tables are
     * megabytes, read at random, and their misses are most of the time. */
    int hole = s->pos[0], nchild = 0;
    uint8_t child[4];
    const uint8_t *entry[4], *mentry[4];
    for (int i = 0; i < s->g.nnbr[hole]; i++) {
        int c = s->g.nbr[hole][i], t = s->board[c], j = s->pat_of[t], mj = s->mpat_of[t];
        if (t == last) continue;
        s->pos[t] = (uint8_t)hole;
        entry[nchild] = j >= 0 ? s->pat[j].table + pdb_index(s, j) : NULL;
        mentry[nchild] = mj >= 0 ? s->pat[mj].table + pdb_mirror_index(s, mj) : NULL;
        s->pos[t] = (uint8_t)c;
        if (entry[nchild]) PREFETCH(entry[nchild]);
        if (mentry[nchild]) PREFETCH(mentry[nchild]);
        child[nchild++] = (uint8_t)c;
    }
    int best = INFINITE_F;
    for (int i = 0; i < nchild; i++) {
        int c = child[i], t = s->board[c], j = s->pat_of[t], mj = s->mpat_of[t], old = 0, mold = 0;
        s->board[hole] = (uint8_t)t;
        s->board[c] = 0;
        s->pos[t] = (uint8_t)hole;
        s->pos[0] = (uint8_t)c;
        if (j >= 0) {
            old = s->hpat[j];
            s->hpat[j] = *entry[i];
            s->hn += s->hpat[j] - old;
        }
        if (mj >= 0) {
            mold = s->hmir[mj];
            s->hmir[mj] = *mentry[i];
            s->hm += s->hmir[mj] - mold;
        }
        s->path[g] = (uint8_t)t;
        int r = search_pdb(s, g + 1, t);
        if (r < 0) return r;
        if (r < best) best = r;
        if (j >= 0) {
            s->hn += old - s->hpat[j];
            s->hpat[j] = old;
        }
        if (mj >= 0) {
            s->hm += mold - s->hmir[mj];
            s->hmir[mj] = mold;
        }
        s->board[c] = (uint8_t)t;
        s->board[hole] = 0;
        s->pos[t] = (uint8_t)c;
        s->pos[0] = (uint8_t)hole;
    }
    return best;
}

static int search_lc(Search *s, int g, int last)
{
    if (s->nodes == s->next_check && checkpoint(s) < 0) return ABORT;
    s->nodes++;
    int h = s->md + s->lc;
    if (s->max_length && g + h >= s->max_length) return INFINITE_F;
    int f = SCALE * g + s->wk * h;
    if (f > s->bound) return f;
    if (g >= MAX_DEPTH) return too_deep(s);
    if (h == 0) {  /* Manhattan distance 0: every tile home */
        s->length = g;
        return FOUND;
    }
    int best = INFINITE_F, hole = s->pos[0], w = s->g.w;
    for (int i = 0; i < s->g.nnbr[hole]; i++) {
        int c = s->g.nbr[hole][i], t = s->board[c];
        if (t == last) continue;
        s->board[hole] = (uint8_t)t;
        s->board[c] = 0;
        s->pos[t] = (uint8_t)hole;
        s->pos[0] = (uint8_t)c;
        int md = s->md, lc = s->lc, horizontal = (c / w == hole / w);
        /* A sideways move keeps the order of its row, an upward or
         * downward one that of its column: only two lines change. */
        int a = horizontal ? c % w : c / w, b = horizontal ? hole % w : hole / w;
        int *lines = horizontal ? s->collc : s->rowlc;
        int old_a = lines[a], old_b = lines[b];
        int goal = horizontal ? s->gcol[t] : s->grow[t];
        s->md += abs(b - goal) - abs(a - goal);
        lines[a] = line_conflicts(s, !horizontal, a);
        lines[b] = line_conflicts(s, !horizontal, b);
        s->lc += lines[a] + lines[b] - old_a - old_b;
        s->path[g] = (uint8_t)t;
        int r = search_lc(s, g + 1, t);
        if (r < 0) return r;
        if (r < best) best = r;
        s->md = md;
        s->lc = lc;
        lines[a] = old_a;
        lines[b] = old_b;
        s->board[c] = (uint8_t)t;
        s->board[hole] = 0;
        s->pos[t] = (uint8_t)c;
        s->pos[0] = (uint8_t)hole;
    }
    return best;
}

/* Solvable iff the permutation's parity (hole as tile n) equals the parity
 * of the hole's distance from its home: each move changes both. */
static int solvable(const Geom *g, const uint8_t *board)
{
    int n = g->n, parity = 0, hole = 0;
    uint8_t done[MAX_CELLS] = {0};
    for (int c = 0; c < n; c++) {
        if (!board[c]) hole = c;
        if (done[c]) continue;
        int len = 0;
        for (int x = c; !done[x]; x = board[x] ? board[x] - 1 : n - 1) {
            done[x] = 1;
            len++;
        }
        parity ^= (len + 1) & 1;
    }
    int dist = (g->h - 1 - hole / g->w) + (g->w - 1 - hole % g->w);
    return (parity ^ (dist & 1)) == 0;
}

PyDoc_STRVAR(ida_doc,
"ida(width, height, tiles, pdbs=(), mirror=False, max_nodes=0, max_seconds=0.0,\n"
"    progress=None, start_bound=0, weight=1.0, max_length=0) -> (status, moves, nodes, bound)\n\n"
"IDA*: an optimal solution in MOVE ORDER (the tiles next to the hole in\n"
"reading order of their cells, never the tile just moved). pdbs: a list of\n"
"(pattern, table) from pdb_build, disjoint, summed; mirror (square boards)\n"
"also sums them on the reflection in the diagonal and takes the larger.\n"
"Without pdbs: Manhattan distance + linear conflicts. A node is one call of\n"
"the search (root included, also nodes cut off by the bound). status is\n"
"'solved', 'limit-nodes' or 'limit-seconds'; bound is the length when\n"
"solved, else the threshold being searched (a proven lower bound).\n"
"weight > 1: weighted IDA*, f = g + weight h (in 1/1024ths): a solution at\n"
"most weight times the shortest. max_length > 0: nodes with g + h >=\n"
"max_length are cut off; 'exhausted' (bound max_length) when none shorter\n"
"exists. progress(nodes, bound) at most every ~50 ms.\n\n"
">>> ida(3, 3, bytes([1, 5, 2, 7, 0, 3, 8, 4, 6]))[0::3]\n"
"('solved', 8)\n");

static PyObject *ida(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"width", "height", "tiles", "pdbs", "mirror", "max_nodes",
                             "max_seconds", "progress", "start_bound", "weight", "max_length", NULL};
    int w, h, mirror = 0, start_bound = 0, max_length = 0;
    double weight = 1.0;
    PyObject *tiles_obj, *pdbs_obj = Py_None, *max_nodes_obj = Py_None, *max_seconds_obj = Py_None;
    PyObject *progress = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiO|OpOOOidi:ida", kwlist, &w, &h,
                                     &tiles_obj, &pdbs_obj, &mirror, &max_nodes_obj,
                                     &max_seconds_obj, &progress, &start_bound, &weight,
                                     &max_length))
        return NULL;
    if (check_size(w, h) < 0 || progress_arg(progress) < 0) return NULL;
    if (mirror && w != h) {
        PyErr_SetString(PyExc_ValueError, "mirror needs a square board");
        return NULL;
    }
    if (start_bound < 0 || start_bound > MAX_DEPTH) {
        PyErr_Format(PyExc_ValueError, "start_bound %d is outside 0..%d", start_bound, MAX_DEPTH);
        return NULL;
    }
    if (!(weight >= 1.0 && weight <= 16.0)) {
        PyErr_SetString(PyExc_ValueError, "weight must be 1 to 16");
        return NULL;
    }
    if (max_length < 0 || max_length > MAX_DEPTH + 1) {
        PyErr_Format(PyExc_ValueError, "max_length %d is outside 0..%d", max_length, MAX_DEPTH + 1);
        return NULL;
    }
    unsigned long long max_nodes = 0;
    if (max_nodes_obj != Py_None) {
        max_nodes = PyLong_AsUnsignedLongLong(max_nodes_obj);
        if (max_nodes == (unsigned long long)-1 && PyErr_Occurred()) {
            if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
                PyErr_Clear();
                PyErr_SetString(PyExc_ValueError, "max_nodes must be a non-negative integer");
            }
            return NULL;
        }
    }
    double max_seconds = 0.0;
    if (max_seconds_obj != Py_None) {
        max_seconds = PyFloat_AsDouble(max_seconds_obj);
        if (max_seconds == -1.0 && PyErr_Occurred()) return NULL;
        if (!(max_seconds >= 0.0)) {
            PyErr_SetString(PyExc_ValueError, "max_seconds must be a non-negative number");
            return NULL;
        }
    }

    Search *s = PyMem_RawCalloc(1, sizeof(Search));
    if (!s) return PyErr_NoMemory();
    Py_buffer views[MAX_CELLS];
    int nviews = 0;
    PyObject *result = NULL, *pdbs = NULL;
    Geom *g = &s->g;
    geom_init(g, w, h);
    int n = g->n;

    Py_ssize_t len = int_sequence(tiles_obj, "tiles", 0, n - 1, s->board, n);
    if (len < 0) goto done;
    if (len != n) {
        PyErr_Format(PyExc_ValueError, "tiles has %zd entries, a %d x %d board has %d", len, w, h, n);
        goto done;
    }
    uint64_t present = 0;
    for (int c = 0; c < n; c++) {
        if (present & ((uint64_t)1 << s->board[c])) {
            PyErr_Format(PyExc_ValueError, "tile %d appears twice", s->board[c]);
            goto done;
        }
        present |= (uint64_t)1 << s->board[c];
        s->pos[s->board[c]] = (uint8_t)c;
        s->goal[c] = (uint8_t)((c + 1) % n);
    }
    if (!solvable(g, s->board)) {
        PyErr_SetString(PyExc_ValueError, "the position cannot reach the goal (permutation parity)");
        goto done;
    }

    /* Pattern databases */
    memset(s->pat_of, -1, sizeof s->pat_of);
    memset(s->mpat_of, -1, sizeof s->mpat_of);
    if (pdbs_obj != Py_None) {
        pdbs = PySequence_Fast(pdbs_obj, "pdbs must be a list of (pattern, table)");
        if (!pdbs) goto done;
        Py_ssize_t count = PySequence_Fast_GET_SIZE(pdbs);
        uint64_t used = 0;
        if (count > n - 1) {
            PyErr_SetString(PyExc_ValueError, "more patterns than tiles");
            goto done;
        }
        for (Py_ssize_t j = 0; j < count; j++) {
            PyObject *item = PySequence_Fast_GET_ITEM(pdbs, j), *pattern, *table;
            if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) {
                PyErr_SetString(PyExc_ValueError, "each pdb must be a (pattern, table) tuple");
                goto done;
            }
            pattern = PyTuple_GET_ITEM(item, 0);
            table = PyTuple_GET_ITEM(item, 1);
            Pattern *p = &s->pat[j];
            p->k = read_pattern(pattern, n, p->tiles, &used);
            if (p->k < 0) goto done;
            if (PyObject_GetBuffer(table, &views[nviews], PyBUF_SIMPLE) < 0) goto done;
            nviews++;
            /* The search ranks placements in 32 bits; arrangements() says 0
             * past that, and a 0 must not pass for an empty table. */
            uint64_t entries = arrangements(n, p->k, UINT32_MAX);
            if (!entries) {
                PyErr_Format(PyExc_ValueError,
                             "pattern %zd of %d tiles on %d cells is too large", j, p->k, n);
                goto done;
            }
            if ((uint64_t)views[nviews - 1].len != entries) {
                PyErr_Format(PyExc_ValueError,
                             "the table of pattern %zd has %zd entries, %llu expected", j,
                             views[nviews - 1].len, (unsigned long long)entries);
                goto done;
            }
            p->table = views[nviews - 1].buf;
            for (int i = 0; i < p->k; i++) s->pat_of[p->tiles[i]] = (int8_t)j;
            s->npat = (int)j + 1;
        }
    }
    s->mirror = mirror && s->npat > 0;
    for (int c = 0; c < n; c++) s->mcell[c] = (uint8_t)((c % w) * w + c / w);
    for (int j = 0; j < s->npat; j++) {
        Pattern *p = &s->pat[j];
        for (int i = 0; i < p->k; i++) {
            /* the tile whose home is the reflection of tiles[i]'s home */
            p->mtiles[i] = (uint8_t)(s->mcell[p->tiles[i] - 1] + 1);
            if (s->mirror) s->mpat_of[p->mtiles[i]] = (int8_t)j;
        }
        s->hpat[j] = p->table[pdb_index(s, j)];
        s->hn += s->hpat[j];
        if (s->mirror) {
            s->hmir[j] = p->table[pdb_mirror_index(s, j)];
            s->hm += s->hmir[j];
        }
    }
    /* Manhattan distance and linear conflicts (used without pdbs) */
    for (int t = 1; t < n; t++) {
        s->grow[t] = (uint8_t)((t - 1) / w);
        s->gcol[t] = (uint8_t)((t - 1) % w);
    }
    for (int t = 1; t < n; t++)
        s->md += abs(s->pos[t] / w - s->grow[t]) + abs(s->pos[t] % w - s->gcol[t]);
    for (int r = 0; r < h; r++) s->lc += s->rowlc[r] = line_conflicts(s, 1, r);
    for (int c = 0; c < w; c++) s->lc += s->collc[c] = line_conflicts(s, 0, c);

    int h0 = s->npat ? (s->hn > s->hm ? s->hn : s->hm) : s->md + s->lc;
    /* Tables other than pdb_build's can claim any sum; a first bound past
     * MAX_DEPTH would let the path outgrow its buffer. */
    if (h0 > MAX_DEPTH) {
        PyErr_Format(PyExc_ValueError,
                     "bound %d over MAX_DEPTH %d: the tables do not fit this board", h0, MAX_DEPTH);
        goto done;
    }
    s->wk = (int)(weight * SCALE + 0.5);
    s->max_length = max_length;
    s->bound = s->wk * h0 > SCALE * start_bound ? s->wk * h0 : SCALE * start_bound;
    s->proven = s->bound;
    s->max_nodes = max_nodes;
    s->next_check = 0;
    int r = 0;
    reporter_start(&s->rep, progress);
    s->deadline = max_seconds > 0 ? now_seconds() + max_seconds : 0;
    for (;;) {
        r = s->npat ? search_pdb(s, 0, 0) : search_lc(s, 0, 0);
        if (r < 0) break;
        if (r == INFINITE_F) break;  /* every node cut off by max_length: exhausted */
        int was = s->bound, was_proven = s->proven;
        s->proven = r;
        s->bound = s->wk > SCALE && r < was + WEIGHTED_STEP ? was + WEIGHTED_STEP : r;
        if (bound_moves(s) > MAX_DEPTH) {  /* unreachable within any limit; keeps the recursion bounded */
            s->bound = was;
            s->proven = was_proven;
            s->stop = STOP_NODES;
            r = ABORT;
            break;
        }
    }
    reporter_stop(&s->rep);
    if (s->stop == STOP_RAISED) goto done;
    if (r == FOUND) {
        PyObject *moves = PyList_New(s->length);
        if (!moves) goto done;
        for (int i = 0; i < s->length; i++) PyList_SET_ITEM(moves, i, PyLong_FromLong(s->path[i]));
        result = Py_BuildValue("(sNKi)", "solved", moves, s->nodes, s->length);
    } else if (r == INFINITE_F) {
        result = Py_BuildValue("(s[]Ki)", "exhausted", s->nodes, s->max_length);
    } else {
        result = Py_BuildValue("(s[]Ki)", s->stop == STOP_SECONDS ? "limit-seconds" : "limit-nodes",
                               s->nodes, bound_moves(s));
    }
done:
    for (int i = 0; i < nviews; i++) PyBuffer_Release(&views[i]);
    Py_XDECREF(pdbs);
    PyMem_RawFree(s);
    return result;
}

/* ------------------------------------------------------------------ */

static PyMethodDef methods[] = {
    {"bfs_table", (PyCFunction)(void (*)(void))bfs_table, METH_VARARGS | METH_KEYWORDS, bfs_table_doc},
    {"half_table", (PyCFunction)(void (*)(void))half_table, METH_VARARGS | METH_KEYWORDS, half_table_doc},
    {"pdb_build", (PyCFunction)(void (*)(void))pdb_build, METH_VARARGS | METH_KEYWORDS, pdb_build_doc},
    {"ida", (PyCFunction)(void (*)(void))ida, METH_VARARGS | METH_KEYWORDS, ida_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "webapp._sliding",
    "The sliding-tile solver's inner loops in C (optional; webapp/sliding has\n"
    "pure-Python twins with the same answers).",
    -1,
    methods,
};

PyMODINIT_FUNC PyInit__sliding(void)
{
    PyObject *m = PyModule_Create(&module);
    /* VERSION changes whenever a function's arguments or answers do, so a
     * stale build left in the tree can be recognised and ignored. */
    if (m && (PyModule_AddIntConstant(m, "VERSION", 3) < 0
              || PyModule_AddIntConstant(m, "MAX_DEPTH", MAX_DEPTH) < 0)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
