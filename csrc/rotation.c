/* The rotation kind's breadth-first search in C: webapp._rotation.
 *
 * The same search as webapp/rotation/search.py (the reference), state by
 * state in the same order, so the state count, the depth and the moves are
 * the reference's own. A state (orientation plus every stick's cell, or
 * released) is packed into as few 64-bit words as the board needs; visited
 * states live in one flat array that is also the BFS queue, found again
 * through an open-addressing hash table of indices; each state keeps its
 * parent's index and the move, so the path is read back at the end.
 * The GIL is released while it runs, and taken back only to call the
 * progress callback (at most every PROGRESS_SECONDS).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define MAX_STICKS 64
#define MAX_WORDS 16
#define PROGRESS_SECONDS 0.005
#define CHECK_EVERY 1024

static const int GR[4] = {1, 0, -1, 0};
static const int GC[4] = {0, 1, 0, -1};

typedef struct {
    int w, h, n, words;
    const uint8_t *walls;
    uint8_t *grid;
    int len[MAX_STICKS], vert[MAX_STICKS];
    int word[MAX_STICKS], shift[MAX_STICKS];
    uint64_t mask;
} Frame;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void pack(const Frame *f, int o, const int *pos, uint64_t *key) {
    memset(key, 0, sizeof(uint64_t) * f->words);
    key[0] = (uint64_t)o;
    for (int i = 0; i < f->n; i++)
        key[f->word[i]] |= (uint64_t)(pos[i] + 1) << f->shift[i];
}

static int unpack(const Frame *f, const uint64_t *key, int *pos) {
    for (int i = 0; i < f->n; i++)
        pos[i] = (int)((key[f->word[i]] >> f->shift[i]) & f->mask) - 1;
    return (int)(key[0] & 3);
}

/* Settle toward orientation o, lowest stick first (as the reference does);
 * returns a bitmask-free summary: how many sticks are left, and sets
 * *target_out when the stick `target` fell out. */
static int settle(const Frame *f, int o, int *pos, int target, int *target_out) {
    int w = f->w, h = f->h, n = f->n;
    int dr = GR[o], dc = GC[o];
    uint8_t *grid = f->grid;
    int order[MAX_STICKS], lead[MAX_STICKS], m = 0, left = 0;
    *target_out = 0;
    for (int i = 0; i < n; i++) {
        if (pos[i] < 0) continue;
        int r = pos[i] / w, c = pos[i] % w, len = f->len[i], v = f->vert[i];
        int step = v ? w : 1;
        for (int k = 0; k < len; k++) grid[pos[i] + k * step] = 2;
        int ld;
        if (dr > 0 || dc > 0)
            ld = (r + (v ? len - 1 : 0)) * dr + (c + (v ? 0 : len - 1)) * dc;
        else
            ld = r * dr + c * dc;
        /* insertion sort: larger lead first, ties larger index first */
        int j = m++;
        while (j > 0 && lead[j - 1] <= ld) { lead[j] = lead[j - 1]; order[j] = order[j - 1]; j--; }
        lead[j] = ld; order[j] = i;
    }
    for (int t = 0; t < m; t++) {
        int i = order[t];
        int r = pos[i] / w, c = pos[i] % w, len = f->len[i], v = f->vert[i];
        int step = v ? w : 1;
        int along = v == (dr != 0);
        int nf = along ? 1 : len;
        int fr0, fc0;
        if (along && (dr > 0 || dc > 0)) { fr0 = r + (len - 1) * dr; fc0 = c + (len - 1) * dc; }
        else { fr0 = r; fc0 = c; }
        int distance = -1, out = 1;
        for (int k = 0; k < nf; k++) {
            int fr = along ? fr0 : r + k * (v ? 1 : 0);
            int fc = along ? fc0 : c + k * (v ? 0 : 1);
            int d = 0, rr = fr + dr, cc = fc + dc;
            while (rr >= 0 && rr < h && cc >= 0 && cc < w && !grid[rr * w + cc]) {
                d++; rr += dr; cc += dc;
            }
            if (rr >= 0 && rr < h && cc >= 0 && cc < w) {
                out = 0;
                if (distance < 0 || d < distance) distance = d;
            }
        }
        if (out) {
            for (int k = 0; k < len; k++) grid[pos[i] + k * step] = 0;
            pos[i] = -1;
            if (i == target) *target_out = 1;
        } else {
            if (distance > 0) {
                int sh = distance * (dr * w + dc);
                for (int k = 0; k < len; k++) grid[pos[i] + k * step] = 0;
                pos[i] += sh;
                for (int k = 0; k < len; k++) grid[pos[i] + k * step] = 2;
            }
            left++;
        }
    }
    /* leave the grid as walls only */
    for (int i = 0; i < n; i++) {
        if (pos[i] < 0) continue;
        int step = f->vert[i] ? w : 1;
        for (int k = 0; k < f->len[i]; k++) grid[pos[i] + k * step] = 0;
    }
    return left;
}

static uint64_t hash_key(const uint64_t *key, int words) {
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < words; i++) {
        x ^= key[i];
        x *= 0xBF58476D1CE4E5B9ULL;
        x ^= x >> 31;
    }
    x *= 0x94D049BB133111EBULL;
    return x ^ (x >> 29);
}

typedef struct {
    uint64_t *keys;     /* state k: keys[k * words ...] */
    uint32_t *parent;   /* parent index << 1 | move (0 L, 1 R) */
    uint32_t *table;    /* 0 empty, else index + 1 */
    size_t count, cap, tcap;
} Store;

static int store_grow(Store *s, int words) {
    size_t cap = s->cap ? s->cap * 2 : 4096;
    uint64_t *k = realloc(s->keys, cap * words * sizeof(uint64_t));
    if (!k) return -1;
    s->keys = k;
    uint32_t *p = realloc(s->parent, cap * sizeof(uint32_t));
    if (!p) return -1;
    s->parent = p;
    s->cap = cap;
    return 0;
}

static int table_grow(Store *s, int words) {
    size_t tcap = s->tcap ? s->tcap * 2 : 8192;
    uint32_t *t = calloc(tcap, sizeof(uint32_t));
    if (!t) return -1;
    for (size_t k = 0; k < s->count; k++) {
        size_t at = hash_key(s->keys + k * words, words) & (tcap - 1);
        while (t[at]) at = (at + 1) & (tcap - 1);
        t[at] = (uint32_t)(k + 1);
    }
    free(s->table);
    s->table = t;
    s->tcap = tcap;
    return 0;
}

/* The free slot for key, or -1 if key is already there. */
static long long store_find(const Store *s, const uint64_t *key, int words) {
    size_t at = hash_key(key, words) & (s->tcap - 1);
    while (s->table[at]) {
        if (!memcmp(s->keys + (size_t)(s->table[at] - 1) * words, key, words * sizeof(uint64_t)))
            return -1;
        at = (at + 1) & (s->tcap - 1);
    }
    return (long long)at;
}

static int store_insert(Store *s, const uint64_t *key, int words, uint32_t link, size_t at) {
    if (s->count == s->cap && store_grow(s, words)) return -1;
    memcpy(s->keys + s->count * words, key, words * sizeof(uint64_t));
    s->parent[s->count] = link;
    s->table[at] = (uint32_t)(s->count + 1);
    s->count++;
    return 0;
}

enum { SOLVED = 0, UNSOLVABLE = 1, LIMIT_STATES = 2, LIMIT_TIME = 3, NO_MEMORY = 4, CALLBACK = 5 };

static int reached(int goal, int left, int any_out, int target_out) {
    if (goal == 0) return any_out;
    if (goal == 1) return target_out;
    return left == 0;
}

/* search(width, height, walls, lengths, vertical, start, orientation, goal,
 *        target, max_states, max_seconds, progress)
 * start: the settled start positions (-1 released); goal 0 any, 1 stick
 * (target its index), 2 all; max_states 0 / max_seconds < 0 for none.
 * Returns (code, moves, states, depth): code 0 solved, 1 unsolvable,
 * 2 state limit, 3 time limit. */
static PyObject *search(PyObject *self, PyObject *args) {
    int w, h, o0, goal, target;
    Py_buffer walls, lengths, vertical;
    PyObject *start, *progress;
    long long max_states;
    double max_seconds;
    if (!PyArg_ParseTuple(args, "iiy*y*y*OiiiLdO", &w, &h, &walls, &lengths, &vertical,
                          &start, &o0, &goal, &target, &max_states, &max_seconds, &progress))
        return NULL;
    PyObject *result = NULL;
    Frame f;
    Store s = {0};
    memset(&f, 0, sizeof f);
    int n = (int)lengths.len;
    if (n > MAX_STICKS || vertical.len != n || walls.len != (Py_ssize_t)w * h
            || PySequence_Length(start) != n) {
        PyErr_SetString(PyExc_ValueError, "inconsistent board arrays");
        goto done;
    }
    f.w = w; f.h = h; f.n = n; f.walls = walls.buf;
    int bits = 1;
    while ((1LL << bits) < (long long)w * h + 1) bits++;
    f.mask = (1ULL << bits) - 1;
    int word = 0, used = 2;
    for (int i = 0; i < n; i++) {
        f.len[i] = ((uint8_t *)lengths.buf)[i];
        f.vert[i] = ((uint8_t *)vertical.buf)[i];
        if (used + bits > 64) { word++; used = 0; }
        f.word[i] = word; f.shift[i] = used; used += bits;
    }
    f.words = word + 1;
    if (f.words > MAX_WORDS) {
        PyErr_SetString(PyExc_ValueError, "board too large to pack");
        goto done;
    }
    int pos[MAX_STICKS], cur[MAX_STICKS];
    for (int i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(start, i);
        if (!item) goto done;
        pos[i] = (int)PyLong_AsLong(item);
        Py_DECREF(item);
        if (PyErr_Occurred()) goto done;
    }
    f.grid = malloc((size_t)w * h);
    if (!f.grid) { PyErr_NoMemory(); goto done; }
    memcpy(f.grid, walls.buf, (size_t)w * h);
    for (size_t k = 0; k < (size_t)w * h; k++) f.grid[k] = f.grid[k] ? 1 : 0;

    int words = f.words;
    uint64_t key[MAX_WORDS];
    if (store_grow(&s, words) || table_grow(&s, words)) { PyErr_NoMemory(); goto done; }
    pack(&f, o0, pos, key);
    store_insert(&s, key, words, 0xFFFFFFFFu, (size_t)store_find(&s, key, words));

    int code = UNSOLVABLE, depth = 0;
    uint32_t goal_parent = 0; int goal_move = 0;
    size_t lo = 0, hi = 1, expanded = 0;
    double began = now(), last = began;
    for (;;) {
        int stop = 0;
        Py_BEGIN_ALLOW_THREADS
        for (; lo < hi; lo++) {
            expanded++;
            if (expanded % CHECK_EVERY == 0) {
                double t = now();
                if (max_seconds >= 0 && t - began > max_seconds) { code = LIMIT_TIME; stop = 1; break; }
                if (progress != Py_None && t - last >= PROGRESS_SECONDS) { last = t; stop = 2; break; }
            }
            uint64_t here[MAX_WORDS];
            memcpy(here, s.keys + lo * words, words * sizeof(uint64_t));
            int o = unpack(&f, here, pos);
            for (int mv = 0; mv < 2; mv++) {
                int o2 = (o + (mv ? 1 : 3)) & 3;
                int before = 0;
                memcpy(cur, pos, sizeof(int) * n);
                for (int i = 0; i < n; i++) before += cur[i] >= 0;
                int tout;
                int left = settle(&f, o2, cur, target, &tout);
                if (reached(goal, left, left < before, tout)) {
                    code = SOLVED; goal_parent = (uint32_t)lo; goal_move = mv; stop = 1; break;
                }
                pack(&f, o2, cur, key);
                long long at = store_find(&s, key, words);
                if (at < 0) continue;
                if (max_states > 0 && (long long)s.count >= max_states) { code = LIMIT_STATES; stop = 1; break; }
                if (store_insert(&s, key, words, ((uint32_t)lo << 1) | mv, (size_t)at)) { code = NO_MEMORY; stop = 1; break; }
                if (s.count * 2 > s.tcap && table_grow(&s, words)) { code = NO_MEMORY; stop = 1; break; }
            }
            if (stop == 1) break;
        }
        Py_END_ALLOW_THREADS
        if (stop == 1) break;
        if (stop == 2) {
            /* lo was not expanded yet: undo the count so it is checked again */
            expanded--;
            PyObject *r = PyObject_CallFunction(progress, "nn", (Py_ssize_t)s.count, (Py_ssize_t)depth);
            if (!r) goto done;
            Py_DECREF(r);
            continue;
        }
        if (s.count == hi) { code = UNSOLVABLE; break; }
        hi = s.count;
        depth++;
        if (progress != Py_None) {
            PyObject *r = PyObject_CallFunction(progress, "nn", (Py_ssize_t)s.count, (Py_ssize_t)depth);
            if (!r) goto done;
            Py_DECREF(r);
        }
    }
    if (code == NO_MEMORY) { PyErr_NoMemory(); goto done; }
    char *moves = NULL;
    int nm = 0;
    if (code == SOLVED) {
        moves = malloc((size_t)depth + 2);
        if (!moves) { PyErr_NoMemory(); goto done; }
        moves[nm++] = goal_move ? 'R' : 'L';
        uint32_t at = goal_parent;
        while (s.parent[at] != 0xFFFFFFFFu) {
            moves[nm++] = (s.parent[at] & 1) ? 'R' : 'L';
            at = s.parent[at] >> 1;
        }
        for (int i = 0; i < nm / 2; i++) { char t = moves[i]; moves[i] = moves[nm - 1 - i]; moves[nm - 1 - i] = t; }
        depth++;
    }
    result = Py_BuildValue("is#ni", code, moves ? moves : "", (Py_ssize_t)nm, (Py_ssize_t)s.count, depth);
    free(moves);
done:
    free(f.grid); free(s.keys); free(s.parent); free(s.table);
    PyBuffer_Release(&walls); PyBuffer_Release(&lengths); PyBuffer_Release(&vertical);
    return result;
}

/* Bytes one visited state costs: its key, its parent link, two hash slots. */
static PyObject *bytes_per_state(PyObject *self, PyObject *args) {
    int words;
    if (!PyArg_ParseTuple(args, "i", &words)) return NULL;
    return PyLong_FromLong(words * 8 + 4 + 2 * 4 * 2);
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "Breadth-first search of a rotation puzzle (see native.py)."},
    {"bytes_per_state", bytes_per_state, METH_VARARGS, "Bytes a visited state holds."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_rotation",
    "The rotation kind's breadth-first search in C (webapp/rotation/native.py).", -1, methods};

PyMODINIT_FUNC PyInit__rotation(void) { return PyModule_Create(&module); }
