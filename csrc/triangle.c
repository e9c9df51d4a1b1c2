/*
 * webapp._triangle: the triangle puzzle's counting search in plain C.
 *
 * count(), the twin of webapp.triangle.search.count: the same
 * tree in the same order, so the same pictures, weights, node counts and
 * resume paths (webapp/triangle/native.py prepares its tables and turns its
 * result into the same Tally). Why C: Python spends ~2.4 us a node on the
 * table look-ups and the bookkeeping of tuples; here a slot's candidates are
 * a bit mask over the (class, turning) pairs, ANDed with one precomputed
 * mask per edge its neighbours fix, and nothing is allocated per node.
 *
 * The GIL is released while it searches. It is taken back to call
 * check(nodes, depth) every CHUNK nodes (and when max_nodes is reached, so
 * that a node limit stops at the very node the Python engine stops at), and
 * at each leaf when leaf is given (the listing's pictures are kept in
 * Python; with a filter, only at the leaves the listing may keep). An exception raised there (Stop, KeyboardInterrupt) ends the
 * search; it is returned, with the path to it, not raised: the caller
 * decides, as search.count does.
 *
 * plain() (at the end) is the difficulty levels' plain backtracking count.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_SLOTS 64
#define MAX_PAIRS 192              /* 64 classes x 3 turnings */
#define WORDS 3                    /* 64-bit words of a pair mask */
#define MAX_CLASSES 64
#define MAX_VALUES (MAX_PAIRS * 3)
#define CHECK_LEAVES 16            /* as search._CHECK_LEAVES */
#define FIRST_STEP 512             /* as budget._CHECK_EVERY */

#define OK 0
#define STOPPED 1                  /* a callback raised: st->exc holds it */
#define BAD 2                      /* the resume path is not in this search */

#include "bits.h"

typedef struct { uint64_t m[WORDS]; uint64_t cls; } Entry;

typedef struct {
    int n, size, last, npairs, nclasses, nvalues;
    int pair_class[MAX_PAIRS];
    int pair_val[MAX_PAIRS][3];          /* value index per side */
    int pair_dem[MAX_PAIRS][3];          /* index of the value a neighbour must show, -1: none */
    long long value[MAX_VALUES];
    int neg[MAX_VALUES];                 /* index of -value, -1 when no piece shows it */
    int zero;                            /* index of 0, -1 when none */
    uint64_t posmask[3][MAX_VALUES][WORDS];
    int nouts[MAX_SLOTS], outs[MAX_SLOTS][3];
    int nlinks[MAX_SLOTS], link[MAX_SLOTS][3][3];  /* (side, slot, side) */
    int target[MAX_SLOTS], tperm[MAX_SLOTS][3];
    int cperm[MAX_SLOTS][3], has_cperm[MAX_SLOTS];
    int c1, c2, mode;                    /* mode 0 unbroken, 1 anchor, 2 corners */
    long long topkey[3];
    int rem[MAX_CLASSES];
    uint64_t free;
    uint64_t freepairs[WORDS];           /* the pairs of the classes with pieces left */
    uint64_t classpairs[MAX_CLASSES][WORDS];
    int halves[MAX_VALUES];
    long long loose, free_outer;
    Entry ent[MAX_SLOTS];
    uint64_t frontier;
    int placed[MAX_SLOTS];               /* pair index, -1 empty */
    /* resume */
    int replaying, nsteps, rslot[MAX_SLOTS], rci[MAX_SLOTS];
    const char *bad;
    /* where the search is, for the path at a stop */
    int cur_slot[MAX_SLOTS], cur_ci[MAX_SLOTS], err_depth;
    /* counts */
    long long u, d, e, f, nodes, next_check, max_nodes, chunk, step, leaves;
    PyObject *check, *leaf, *pair_tuple[MAX_PAIRS];
    int leaf_checks;
    /* The listing's filter (see worth_offering): without one, every leaf goes to leaf. */
    int filtering, nviews, has_limit;
    int fcode[MAX_PAIRS][MAX_SLOTS], frot[MAX_PAIRS][3], vsrc[3][MAX_SLOTS], vrot[3];
    long long limit[MAX_SLOTS];
    PyThreadState *ts;
    PyObject *exc;
} S;

/* The first look comes after as few nodes as the Python engine's (a search
 * of a few hundred nodes under a tiny time limit stops too), the later ones
 * ever further apart, up to chunk. */
static void set_next(S *st)
{
    long long t = st->nodes + st->step;
    if (st->step < st->chunk)
        st->step = st->step * 2 < st->chunk ? st->step * 2 : st->chunk;
    st->next_check = (st->max_nodes >= 0 && st->max_nodes < t) ? st->max_nodes : t;
}

/* With the GIL: keep the exception a callback raised (with its traceback)
 * and where the search was, for the caller to hand back. */
static void keep_error(S *st, int depth)
{
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (tb != NULL)
        PyException_SetTraceback(value, tb);
    st->exc = value;
    Py_XDECREF(type);
    Py_XDECREF(tb);
    st->err_depth = depth;
}

/* With the GIL: check(nodes, depth); a raise ends the search. */
static int call_check(S *st, int depth)
{
    int rc = OK;
    PyEval_RestoreThread(st->ts);
    if (PyErr_CheckSignals() < 0) {
        rc = STOPPED;
    } else {
        PyObject *r = PyObject_CallFunction(st->check, "Li", st->nodes, depth);
        if (r == NULL)
            rc = STOPPED;
        Py_XDECREF(r);
    }
    if (rc == STOPPED)
        keep_error(st, depth);
    st->ts = PyEval_SaveThread();
    set_next(st);
    return rc;
}

/* The k-th key kept (a tuple of codes), or None while fewer are kept. */
static int load_limit(S *st, PyObject *limit)
{
    if (limit == Py_None) {
        st->has_limit = 0;
        return 1;
    }
    if (PySequence_Size(limit) != st->size) {
        PyErr_SetString(PyExc_ValueError, "a limit: one code per slot");
        return 0;
    }
    for (int u = 0; u < st->size; u++) {
        PyObject *o = PySequence_GetItem(limit, u);
        if (o == NULL)
            return 0;
        st->limit[u] = PyLong_AsLongLong(o);
        Py_DECREF(o);
        if (st->limit[u] == -1 && PyErr_Occurred())
            return 0;
    }
    st->has_limit = 1;
    return 1;
}

/* Would tally.Firsts.offer keep this picture? Only if one of its views'
 * keys comes before the k-th kept (its _key, in C): most pictures do not,
 * and those are not handed to Python at all. */
static int worth_offering(const S *st)
{
    if (!st->has_limit)
        return 1;
    for (int v = 0; v < st->nviews; v++) {
        int used[MAX_CLASSES] = {0};
        for (int u = 0; u < st->size; u++) {
            int q = st->frot[st->placed[st->vsrc[v][u]]][st->vrot[v]];
            int c = st->pair_class[q];
            long long code = st->fcode[q][used[c]++];
            if (code > st->limit[u])
                break;
            if (code < st->limit[u])
                return 1;
        }
    }
    return 0;
}

static int call_leaf(S *st)
{
    int rc = OK;
    PyEval_RestoreThread(st->ts);
    PyObject *placed = PyTuple_New(st->size);
    if (placed == NULL) {
        rc = STOPPED;
    } else {
        for (int s = 0; s < st->size; s++) {
            PyObject *t = st->pair_tuple[st->placed[s]];
            Py_INCREF(t);
            PyTuple_SET_ITEM(placed, s, t);
        }
        PyObject *r = PyObject_CallFunction(st->leaf, "OLLLLL", placed, st->u, st->d, st->e,
                                            st->f, st->nodes);
        Py_DECREF(placed);
        if (r == NULL)
            rc = STOPPED;
        else if (st->filtering && !load_limit(st, r))
            rc = STOPPED;
        Py_XDECREF(r);
    }
    if (rc == STOPPED)
        keep_error(st, st->last);
    st->ts = PyEval_SaveThread();
    return rc;
}

static inline uint64_t classes_of(const S *st, const uint64_t *m)
{
    uint64_t out = 0;
    for (int w = 0; w < WORDS; w++) {
        uint64_t b = m[w];
        while (b) {
            out |= 1ULL << st->pair_class[w * 64 + ctz64(b)];
            b &= b - 1;
        }
    }
    return out;
}

static int is_fixed(const S *st)
{
    for (int s = 0; s < st->size; s++) {
        const int *t = st->pair_val[st->placed[s]];
        const int *u = st->pair_val[st->placed[st->target[s]]];
        for (int i = 0; i < 3; i++)
            if (u[st->tperm[s][i]] != t[i])
                return 0;
    }
    return 1;
}

static int keys_equal(const S *st, int slot)
{
    const int *t = st->pair_val[st->placed[slot]];
    const int *p = st->cperm[slot];
    for (int i = 0; i < 3; i++)
        if (st->value[t[p[i]]] != st->topkey[i])
            return 0;
    return 1;
}

static int leaf(S *st)
{
    st->leaves++;
    if (st->leaf_checks && st->leaves % CHECK_LEAVES == 0)
        if (call_check(st, st->last) != OK)
            return STOPPED;
    if (st->mode == 1) {
        st->u++;
    } else if (st->mode == 2) {
        int ties = keys_equal(st, st->c1) + keys_equal(st, st->c2);
        if (ties == 0) {
            st->u++;
        } else if (ties == 1) {
            st->d++;
        } else {
            st->e++;
            if (is_fixed(st))
                st->f++;
        }
    } else {
        st->e++;
        if (is_fixed(st))
            st->f++;
    }
    if (st->leaf != NULL && (!st->filtering || worth_offering(st)))
        return call_leaf(st);
    return OK;
}

/* Is the key of pair p in corner slot s (read clockwise from its inner side)
 * greater than the top corner's? */
static int key_above(const S *st, int s, int p)
{
    const int *t = st->pair_val[p];
    const int *perm = st->cperm[s];
    for (int i = 0; i < 3; i++) {
        long long v = st->value[t[perm[i]]];
        if (v != st->topkey[i])
            return v > st->topkey[i];
    }
    return 0;
}

static int branch(S *st, int depth, int s, const uint64_t *cands_in)
{
    uint64_t cands[WORDS];
    memcpy(cands, cands_in, sizeof cands);
    int ncands = 0;
    for (int w = 0; w < WORDS; w++)
        ncands += popcount64(cands[w]);
    int lo = 0, entering = -1, follow = -1;
    if (st->replaying) {
        int at = st->rslot[depth];
        lo = st->rci[depth];
        if (at != s || lo < 0 || lo >= ncands || (depth == st->last && depth + 1 < st->nsteps)) {
            st->bad = "the place to resume from is not in this search";
            return BAD;
        }
        if (depth + 1 < st->nsteps) {
            entering = lo;
            follow = st->rslot[depth + 1];
        } else {
            st->replaying = 0;
        }
    }
    st->frontier &= ~(1ULL << s);
    int n_outs = st->nouts[s];
    int corner = s != 0 && st->has_cperm[s];
    int ci = -1;
    st->cur_slot[depth] = s;
    for (int w = 0; w < WORDS; w++) {
        uint64_t bits = cands[w];
        while (bits) {
            int p = w * 64 + ctz64(bits);
            bits &= bits - 1;
            ci++;
            if (ci < lo)
                continue;
            st->cur_ci[depth] = ci;
            int c = st->pair_class[p];
            uint64_t bit = 1ULL << c;
            const int *t = st->pair_val[p];
            if (!(st->free & bit)) {
                if (ci == entering) {
                    st->bad = "the place to resume from uses a piece twice";
                    return BAD;
                }
                continue;
            }
            if (corner && key_above(st, s, p)) {
                if (ci == entering) {
                    st->bad = "the place to resume from breaks the symmetry rule";
                    return BAD;
                }
                continue;
            }
            if (ci != entering) {
                st->nodes++;
                if (st->nodes >= st->next_check && call_check(st, depth) != OK)
                    return STOPPED;
            }
            long long change = 0;
            if (n_outs) {
                for (int k = 0; k < n_outs; k++) {
                    int v = t[st->outs[s][k]];
                    if (v == st->zero) {
                        st->halves[v]--;
                        change += (st->halves[v] % 2) ? 1 : -1;
                    } else {
                        int w2 = st->neg[v] >= 0 ? st->halves[st->neg[v]] : 0;
                        int before = abs(st->halves[v] - w2);
                        st->halves[v]--;
                        change += abs(st->halves[v] - w2) - before;
                    }
                }
                if (st->loose + change > st->free_outer - n_outs) {
                    for (int k = 0; k < n_outs; k++)
                        st->halves[t[st->outs[s][k]]]++;
                    if (ci == entering) {
                        st->bad = "the place to resume from leaves halves without a partner";
                        return BAD;
                    }
                    continue;
                }
                st->loose += change;
                st->free_outer -= n_outs;
            }
            if (!--st->rem[c]) {
                st->free ^= bit;
                for (int w2 = 0; w2 < WORDS; w2++)
                    st->freepairs[w2] ^= st->classpairs[c][w2];
            }
            st->placed[s] = p;
            Entry saved[3];
            int saved_slot[3], nsaved = 0;
            uint64_t added = 0;
            for (int k = 0; k < st->nlinks[s]; k++) {
                int i = st->link[s][k][0], s2 = st->link[s][k][1], i2 = st->link[s][k][2];
                if (st->placed[s2] >= 0)
                    continue;
                Entry *e = &st->ent[s2];
                saved[nsaved] = *e;
                saved_slot[nsaved++] = s2;
                int dem = st->pair_dem[p][i];
                if (dem < 0) {
                    memset(e, 0, sizeof *e);
                } else {
                    const uint64_t *pm = st->posmask[i2][dem];
                    for (int w2 = 0; w2 < WORDS; w2++)
                        e->m[w2] &= pm[w2];
                    e->cls = classes_of(st, e->m);
                }
                uint64_t b2 = 1ULL << s2;
                if (!(st->frontier & b2)) {
                    st->frontier |= b2;
                    added |= b2;
                }
            }
            int rc = OK;
            if (depth == st->last) {
                rc = leaf(st);
            } else if (ci == entering) {
                if (follow < 0 || !(st->frontier & (1ULL << follow))) {
                    st->bad = "the place to resume from is not in this search";
                    return BAD;
                }
                rc = branch(st, depth + 1, follow, st->ent[follow].m);
            } else {
                int best = 1 << 30, nxt = -1;
                uint64_t fr = st->frontier;
                while (fr) {
                    int f = ctz64(fr);
                    fr &= fr - 1;
                    int k = 0;
                    for (int w2 = 0; w2 < WORDS; w2++)
                        k += popcount64(st->ent[f].m[w2] & st->freepairs[w2]);
                    if (k < best) {
                        best = k;
                        nxt = f;
                        if (k <= 1)
                            break;
                    }
                }
                if (best)
                    rc = branch(st, depth + 1, nxt, st->ent[nxt].m);
            }
            if (rc != OK)
                return rc;
            st->frontier &= ~added;
            while (nsaved--)
                st->ent[saved_slot[nsaved]] = saved[nsaved];
            st->placed[s] = -1;
            if (!st->rem[c]++) {
                st->free ^= bit;
                for (int w2 = 0; w2 < WORDS; w2++)
                    st->freepairs[w2] ^= st->classpairs[c][w2];
            }
            if (n_outs) {
                for (int k = 0; k < n_outs; k++)
                    st->halves[t[st->outs[s][k]]]++;
                st->loose -= change;
                st->free_outer += n_outs;
            }
        }
    }
    st->frontier |= 1ULL << s;
    return OK;
}

/* ------------------------------------------------------------------ */
/* Arguments                                                           */

static int as_int(PyObject *o, long long *out)
{
    *out = PyLong_AsLongLong(o);
    return !(*out == -1 && PyErr_Occurred());
}

static int int_at(PyObject *seq, Py_ssize_t i, long long *out)
{
    PyObject *o = PySequence_GetItem(seq, i);
    if (o == NULL)
        return 0;
    int ok = as_int(o, out);
    Py_DECREF(o);
    return ok;
}

static int value_index(S *st, long long v)
{
    for (int i = 0; i < st->nvalues; i++)
        if (st->value[i] == v)
            return i;
    return -1;
}

static int fail(const char *msg)
{
    PyErr_SetString(PyExc_ValueError, msg);
    return 0;
}

/* The search takes the next slot from the frontier of the slots next to
 * those placed, and counts a leaf once as many slots are placed as there are:
 * so each link must come back (side i of s meets side i2 of s2 when side i2
 * of s2 meets side i of s) and every slot must be reached from every other.
 * On other links the frontier could run dry before the board is full, and a
 * slot of -1 be searched. 1, or 0 (raised). */
static int linked(const S *st)
{
    for (int s = 0; s < st->size; s++)
        for (int k = 0; k < st->nlinks[s]; k++) {
            const int *l = st->link[s][k];
            int back = 0;
            for (int j = 0; j < st->nlinks[l[1]]; j++) {
                const int *m = st->link[l[1]][j];
                back |= m[0] == l[2] && m[1] == s && m[2] == l[0];
            }
            if (!back)
                return fail("nb: a link between two slots that does not come back");
        }
    uint64_t seen = 1, todo = 1;
    while (todo) {
        int s = ctz64(todo);
        todo &= todo - 1;
        for (int k = 0; k < st->nlinks[s]; k++) {
            uint64_t b = 1ULL << st->link[s][k][1];
            if (!(seen & b)) {
                seen |= b;
                todo |= b;
            }
        }
    }
    if (seen != (st->size == 64 ? ~0ULL : (1ULL << st->size) - 1))
        return fail("nb: the slots are not all linked into one board");
    return 1;
}

/* pairs: ((class, (x, y, z)), ...); nb: per slot three (slot, side) or None;
 * turned: per slot (target, perm). */
static int load(S *st, PyObject *pairs, PyObject *sizes, PyObject *nb, PyObject *turned)
{
    st->size = st->n * st->n;
    st->last = st->size - 1;
    Py_ssize_t np = PySequence_Size(pairs), nc = PySequence_Size(sizes);
    if (np < 0 || nc < 0)
        return 0;
    if (np < 1 || np > MAX_PAIRS || nc < 1 || nc > MAX_CLASSES)
        return fail("pairs: 1 to 192, classes: 1 to 64");
    st->npairs = (int)np;
    st->nclasses = (int)nc;
    for (int c = 0; c < st->nclasses; c++) {
        long long m;
        if (!int_at(sizes, c, &m))
            return 0;
        if (m < 1 || m > MAX_SLOTS)
            return fail("a class size out of range");
        st->rem[c] = (int)m;
    }
    st->free = st->nclasses == 64 ? ~0ULL : (1ULL << st->nclasses) - 1;
    for (int p = 0; p < st->npairs; p++) {
        PyObject *item = PySequence_GetItem(pairs, p);
        if (item == NULL)
            return 0;
        long long c = 0, v;
        PyObject *t = NULL;
        int ok = PySequence_Size(item) == 2 && int_at(item, 0, &c)
                 && (t = PySequence_GetItem(item, 1)) != NULL && PySequence_Size(t) == 3;
        if (ok && (c < 0 || c >= st->nclasses))
            ok = fail("a pair's class out of range");
        st->pair_class[p] = (int)c;
        if (ok) {
            st->classpairs[c][p / 64] |= 1ULL << (p % 64);
            st->freepairs[p / 64] |= 1ULL << (p % 64);
        }
        for (int i = 0; ok && i < 3; i++) {
            ok = int_at(t, i, &v);
            if (!ok)
                break;
            int x = value_index(st, v);
            if (x < 0) {
                x = st->nvalues++;
                st->value[x] = v;
            }
            st->pair_val[p][i] = x;
        }
        if (ok) {
            st->pair_tuple[p] = PySequence_Tuple(t);
            ok = st->pair_tuple[p] != NULL;
        }
        Py_XDECREF(t);
        Py_DECREF(item);
        if (!ok) {
            if (!PyErr_Occurred())
                fail("pairs: (class, (x, y, z)) each");
            return 0;
        }
    }
    st->zero = -1;
    for (int x = 0; x < st->nvalues; x++) {
        long long v = st->value[x];
        if (v == 0)
            st->zero = x;
        if (v == LLONG_MIN)
            return fail("an edge number out of range");
        st->neg[x] = value_index(st, -v);
    }
    for (int p = 0; p < st->npairs; p++) {
        for (int i = 0; i < 3; i++) {
            int x = st->pair_val[p][i];
            st->posmask[i][x][p / 64] |= 1ULL << (p % 64);
            st->pair_dem[p][i] = st->neg[x];
        }
    }
    if (PySequence_Size(nb) != st->size || PySequence_Size(turned) != st->size)
        return fail("nb and turned: one item per slot");
    for (int s = 0; s < st->size; s++) {
        PyObject *sides = PySequence_GetItem(nb, s);
        if (sides == NULL)
            return 0;
        int ok = PySequence_Size(sides) == 3;
        for (int i = 0; ok && i < 3; i++) {
            PyObject *across = PySequence_GetItem(sides, i);
            if (across == NULL) {
                ok = 0;
                break;
            }
            if (across == Py_None) {
                st->outs[s][st->nouts[s]++] = i;
            } else {
                long long s2 = 0, i2 = 0;
                ok = PySequence_Size(across) == 2 && int_at(across, 0, &s2) && int_at(across, 1, &i2)
                     && s2 >= 0 && s2 < st->size && i2 >= 0 && i2 < 3;
                int k = st->nlinks[s]++;
                st->link[s][k][0] = i;
                st->link[s][k][1] = (int)s2;
                st->link[s][k][2] = (int)i2;
            }
            Py_DECREF(across);
        }
        Py_DECREF(sides);
        PyObject *tr = PySequence_GetItem(turned, s);
        if (tr == NULL)
            return 0;
        long long target = 0, x = 0;
        PyObject *perm = NULL;
        ok = ok && PySequence_Size(tr) == 2 && int_at(tr, 0, &target) && target >= 0
             && target < st->size && (perm = PySequence_GetItem(tr, 1)) != NULL
             && PySequence_Size(perm) == 3;
        st->target[s] = (int)target;
        for (int i = 0; ok && i < 3; i++) {
            ok = int_at(perm, i, &x) && x >= 0 && x < 3;
            st->tperm[s][i] = (int)x;
        }
        Py_XDECREF(perm);
        Py_DECREF(tr);
        if (!ok) {
            if (!PyErr_Occurred())
                fail("nb or turned: not a triangle's geometry");
            return 0;
        }
    }
    return linked(st);
}

/* filter: (codes, turned pairs, views, limit): per pair its code for each
 * member of its class in index order (tally.Firsts.code), per pair the pairs
 * of its triple turned once and twice, the views (src, rot) of Firsts, and
 * the k-th key kept or None. */
static int load_filter(S *st, PyObject *filter)
{
    PyObject *codes = NULL, *rots = NULL, *views = NULL, *limit = NULL;
    long long x = 0;
    if (!PyArg_ParseTuple(filter, "OOOO", &codes, &rots, &views, &limit))
        return 0;
    if (PySequence_Size(codes) != st->npairs || PySequence_Size(rots) != st->npairs)
        return fail("filter: codes and turns, one per pair");
    for (int q = 0; q < st->npairs; q++) {
        PyObject *cq = PySequence_GetItem(codes, q), *rq = PySequence_GetItem(rots, q);
        int ok = cq != NULL && rq != NULL && PySequence_Size(rq) == 3
                 && PySequence_Size(cq) >= 1 && PySequence_Size(cq) <= MAX_SLOTS;
        for (Py_ssize_t j = 0; ok && j < PySequence_Size(cq); j++) {
            ok = int_at(cq, j, &x);
            st->fcode[q][j] = (int)x;
        }
        for (int r = 0; ok && r < 3; r++) {
            ok = int_at(rq, r, &x) && x >= 0 && x < st->npairs;
            st->frot[q][r] = (int)x;
        }
        Py_XDECREF(cq);
        Py_XDECREF(rq);
        if (!ok)
            return PyErr_Occurred() ? 0 : fail("filter: bad codes or turns");
    }
    Py_ssize_t nv = PySequence_Size(views);
    if (nv < 1 || nv > 3)
        return fail("filter: 1 to 3 views");
    st->nviews = (int)nv;
    for (int v = 0; v < st->nviews; v++) {
        PyObject *view = PySequence_GetItem(views, v), *src = NULL;
        int ok = view != NULL && PySequence_Size(view) == 2 && (src = PySequence_GetItem(view, 0)) != NULL
                 && PySequence_Size(src) == st->size && int_at(view, 1, &x) && x >= 0 && x < 3;
        st->vrot[v] = (int)x;
        for (int u = 0; ok && u < st->size; u++) {
            ok = int_at(src, u, &x) && x >= 0 && x < st->size;
            st->vsrc[v][u] = (int)x;
        }
        Py_XDECREF(src);
        Py_XDECREF(view);
        if (!ok)
            return PyErr_Occurred() ? 0 : fail("filter: bad views");
    }
    st->filtering = 1;
    return load_limit(st, limit);
}

static const int CORNER_PERM[3][3] = {{2, 0, 1}, {1, 2, 0}, {0, 1, 2}};

static PyObject *count(PyObject *Py_UNUSED(self), PyObject *args)
{
    int n, mode, leaf_checks;
    long long loose, max_nodes, chunk, nodes0;
    PyObject *pairs, *sizes, *nb, *turned, *roots, *replay, *check, *leaf, *filter = Py_None;
    if (!PyArg_ParseTuple(args, "iOOOOiOOLOOpLLL|O", &n, &pairs, &sizes, &nb, &turned, &mode, &roots,
                          &replay, &loose, &check, &leaf, &leaf_checks, &max_nodes, &chunk, &nodes0,
                          &filter))
        return NULL;
    if (n < 1 || n > 8 || mode < 0 || mode > 2 || chunk < 1)
        return PyErr_Format(PyExc_ValueError, "bad n, mode or chunk");
    S *st = PyMem_Calloc(1, sizeof(S));
    if (st == NULL)
        return PyErr_NoMemory();
    PyObject *out = NULL, *path = NULL;
    Entry *root_ent = NULL;
    int *root_slot = NULL;
    long long (*root_key)[3] = NULL;
    int *root_haskey = NULL;
    st->n = n;
    st->mode = mode;
    st->loose = loose;
    st->free_outer = 3 * n;
    st->max_nodes = max_nodes;
    st->chunk = chunk;
    st->step = chunk < FIRST_STEP ? chunk : FIRST_STEP;
    st->nodes = nodes0;
    st->check = check;
    st->leaf = leaf == Py_None ? NULL : leaf;
    st->leaf_checks = leaf_checks;
    if (!load(st, pairs, sizes, nb, turned))
        goto done;
    if (filter != Py_None && !load_filter(st, filter))
        goto done;
    st->c1 = (n - 1) * (n - 1);
    st->c2 = st->size - 1;
    if (mode == 2) {
        int cs[3] = {0, st->c1, st->c2};
        for (int k = 0; k < 3; k++) {
            st->has_cperm[cs[k]] = 1;
            memcpy(st->cperm[cs[k]], CORNER_PERM[k], sizeof CORNER_PERM[k]);
        }
    }
    /* halves of every value, as search.count's Counter */
    {
        long long m;
        for (int c = 0; c < st->nclasses; c++) {
            /* each class's first pair is its canonical triple: its pieces show those numbers */
            for (int p = 0; p < st->npairs; p++) {
                if (st->pair_class[p] != c)
                    continue;
                m = st->rem[c];
                for (int i = 0; i < 3; i++)
                    st->halves[st->pair_val[p][i]] += (int)m;
                break;
            }
        }
    }
    Entry empty;
    memset(&empty, 0, sizeof empty);
    for (int p = 0; p < st->npairs; p++)
        empty.m[p / 64] |= 1ULL << (p % 64);
    empty.cls = classes_of(st, empty.m);
    for (int s = 0; s < st->size; s++) {
        st->ent[s] = empty;
        st->placed[s] = -1;
    }
    Py_ssize_t nroots = PySequence_Size(roots);
    if (nroots < 0)
        goto done;
    root_ent = PyMem_Calloc(nroots + 1, sizeof(Entry));
    root_slot = PyMem_Calloc(nroots + 1, sizeof(int));
    root_key = PyMem_Calloc(nroots + 1, sizeof(*root_key));
    root_haskey = PyMem_Calloc(nroots + 1, sizeof(int));
    if (!root_ent || !root_slot || !root_key || !root_haskey) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t r = 0; r < nroots; r++) {
        PyObject *item = PySequence_GetItem(roots, r);
        if (item == NULL)
            goto done;
        long long s = 0, p = 0, v = 0;
        PyObject *cands = NULL, *key = NULL;
        int ok = PySequence_Size(item) == 3 && int_at(item, 0, &s) && s >= 0 && s < st->size
                 && (cands = PySequence_GetItem(item, 1)) != NULL
                 && (key = PySequence_GetItem(item, 2)) != NULL;
        root_slot[r] = (int)s;
        Py_ssize_t k = ok ? PySequence_Size(cands) : -1;
        for (Py_ssize_t j = 0; ok && j < k; j++) {
            ok = int_at(cands, j, &p) && p >= 0 && p < st->npairs;
            if (ok)
                root_ent[r].m[p / 64] |= 1ULL << (p % 64);
        }
        if (ok && key != Py_None) {
            root_haskey[r] = 1;
            for (int i = 0; ok && i < 3; i++) {
                ok = int_at(key, i, &v);
                root_key[r][i] = v;
            }
        }
        Py_XDECREF(cands);
        Py_XDECREF(key);
        Py_DECREF(item);
        if (!ok) {
            if (!PyErr_Occurred())
                fail("roots: (slot, pair indices, key or None) each");
            goto done;
        }
    }
    Py_ssize_t lo = 0;
    if (replay != Py_None) {
        Py_ssize_t len = PySequence_Size(replay);
        long long r, s, ci;
        if (len < 0 || !int_at(replay, 0, &r))
            goto done;
        if (len < 2 || r < 0 || r >= nroots) {
            st->bad = "the place to resume from is not in this search";
        } else {
            for (Py_ssize_t j = 1; j < len; j++) {
                PyObject *step = PySequence_GetItem(replay, j);
                if (step == NULL)
                    goto done;
                int ok = PySequence_Size(step) == 2 && int_at(step, 0, &s) && int_at(step, 1, &ci);
                Py_DECREF(step);
                if (!ok) {
                    if (!PyErr_Occurred())
                        fail("replay: (slot, index) steps");
                    goto done;
                }
                if (j - 1 < MAX_SLOTS) {  /* a longer path fails at the last slot */
                    st->rslot[j - 1] = (s < 0 || s >= st->size) ? -1 : (int)s;
                    st->rci[j - 1] = (ci < 0 || ci > MAX_PAIRS) ? -1 : (int)ci;
                }
            }
            st->nsteps = len - 1 > 2 * MAX_SLOTS ? 2 * MAX_SLOTS : (int)(len - 1);
            st->replaying = 1;
            lo = (Py_ssize_t)r;
        }
    }
    int rc = OK;
    Py_ssize_t r = lo;
    if (st->bad != NULL) {
        rc = BAD;
    } else if (st->loose <= st->free_outer) {
        set_next(st);
        st->ts = PyEval_SaveThread();
        for (; r < nroots; r++) {
            if (root_haskey[r])
                memcpy(st->topkey, root_key[r], sizeof st->topkey);
            rc = branch(st, 0, root_slot[r], root_ent[r].m);
            if (rc != OK)
                break;
            st->frontier = 0;
        }
        PyEval_RestoreThread(st->ts);
    }
    if (rc == STOPPED) {
        path = PyTuple_New(st->err_depth + 2);
        if (path == NULL)
            goto done;
        PyTuple_SET_ITEM(path, 0, PyLong_FromSsize_t(r));
        for (int dpt = 0; dpt <= st->err_depth; dpt++)
            PyTuple_SET_ITEM(path, dpt + 1, Py_BuildValue("(ii)", st->cur_slot[dpt], st->cur_ci[dpt]));
        if (PyErr_Occurred())
            goto done;
    } else {
        path = Py_None;
        Py_INCREF(path);
    }
    out = Py_BuildValue("(iLLLLLOOs)", rc, st->u, st->d, st->e, st->f, st->nodes, path,
                        st->exc ? st->exc : Py_None, st->bad);
done:
    Py_XDECREF(path);
    Py_XDECREF(st->exc);
    for (int p = 0; p < MAX_PAIRS; p++)
        Py_XDECREF(st->pair_tuple[p]);
    PyMem_Free(root_ent);
    PyMem_Free(root_slot);
    PyMem_Free(root_key);
    PyMem_Free(root_haskey);
    PyMem_Free(st);
    return out;
}

/*
 * plain(options, needs, max_nodes) -> nodes, or -1 past max_nodes: the
 * difficulty levels' plain backtracking search (webapp/triangle/levels.py,
 * its Python twin and reference), counted node for node the same. It is
 * here because a 6 x 6 puzzle with one solution needs billions of its
 * nodes, where the Python loop gives up at a million.
 */
typedef struct {
    int slots;
    int nturns[MAX_SLOTS];
    long long turn[MAX_SLOTS][3][3];
    int nneeds[MAX_SLOTS], need[MAX_SLOTS][3][3];    /* (side, other slot, its side) */
    int used[MAX_SLOTS];
    const long long *placed[MAX_SLOTS];
    long long count, max_nodes;
} Plain;

/* 1: every slot filled; 0: no way from here; -1: past max_nodes */
static int plain_fill(Plain *st, int slot)
{
    if (slot == st->slots)
        return 1;
    for (int piece = 0; piece < st->slots; piece++) {
        if (st->used[piece])
            continue;
        for (int t = 0; t < st->nturns[piece]; t++) {
            const long long *edges = st->turn[piece][t];
            if (++st->count > st->max_nodes && st->max_nodes >= 0)
                return -1;
            int fits = 1;
            for (int k = 0; k < st->nneeds[slot] && fits; k++) {
                const int *nd = st->need[slot][k];
                fits = edges[nd[0]] + st->placed[nd[1]][nd[2]] == 0;
            }
            if (!fits)
                continue;
            st->used[piece] = 1;
            st->placed[slot] = edges;
            int found = plain_fill(st, slot + 1);
            if (found)
                return found;
            st->used[piece] = 0;
        }
    }
    return 0;
}

static PyObject *plain(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *options, *needs;
    long long max_nodes;
    if (!PyArg_ParseTuple(args, "OOL", &options, &needs, &max_nodes))
        return NULL;
    Plain *st = PyMem_Calloc(1, sizeof(Plain));
    if (st == NULL)
        return PyErr_NoMemory();
    st->max_nodes = max_nodes;
    Py_ssize_t slots = PySequence_Size(options);
    if (slots < 0 || slots > MAX_SLOTS || PySequence_Size(needs) != slots) {
        PyMem_Free(st);
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "plain: 1 to 64 slots, a list of needs each");
        return NULL;
    }
    st->slots = (int)slots;
    for (int p = 0; p < st->slots; p++) {
        PyObject *turns = PySequence_GetItem(options, p), *nd = PySequence_GetItem(needs, p);
        int ok = turns != NULL && nd != NULL;
        Py_ssize_t nt = ok ? PySequence_Size(turns) : -1, nn = ok ? PySequence_Size(nd) : -1;
        ok = ok && nt >= 1 && nt <= 3 && nn >= 0 && nn <= 3;
        st->nturns[p] = (int)nt;
        st->nneeds[p] = (int)nn;
        for (int t = 0; ok && t < nt; t++) {
            PyObject *e = PySequence_GetItem(turns, t);
            ok = e != NULL && PyArg_ParseTuple(e, "LLL", &st->turn[p][t][0], &st->turn[p][t][1],
                                               &st->turn[p][t][2]);
            Py_XDECREF(e);
        }
        for (int k = 0; ok && k < nn; k++) {
            PyObject *e = PySequence_GetItem(nd, k);
            int *n3 = st->need[p][k];
            ok = e != NULL && PyArg_ParseTuple(e, "iii", &n3[0], &n3[1], &n3[2]);
            /* the other slot is filled before this one, and sides are 0 to 2 */
            ok = ok && n3[1] >= 0 && n3[1] < p && n3[0] >= 0 && n3[0] < 3 && n3[2] >= 0 && n3[2] < 3;
            Py_XDECREF(e);
        }
        Py_XDECREF(turns);
        Py_XDECREF(nd);
        if (!ok) {
            PyMem_Free(st);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "plain: a slot's turnings or needs are malformed");
            return NULL;
        }
    }
    int found;
    Py_BEGIN_ALLOW_THREADS
    found = plain_fill(st, 0);
    Py_END_ALLOW_THREADS
    long long count = found < 0 ? -1 : st->count;
    PyMem_Free(st);
    return PyLong_FromLongLong(count);
}

static PyMethodDef methods[] = {
    {"count", count, METH_VARARGS,
     "count(n, pairs, sizes, nb, turned, mode, roots, replay, loose, check, leaf, leaf_checks, "
     "max_nodes, chunk, nodes, filter=None) -> (code, U, D, E, F, nodes, path, exception, bad)\n\n"
     "The counting search of webapp.triangle.search.count; see webapp/triangle/native.py."},
    {"plain", plain, METH_VARARGS,
     "plain(options, needs, max_nodes) -> nodes, or -1 past max_nodes (max_nodes < 0: no bound)\n\n"
     "The plain backtracking search of webapp.triangle.levels.nodes, node for node."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "webapp._triangle",
    "The triangle puzzle's counting search in C (csrc/triangle.c).", -1, methods,
};

PyMODINIT_FUNC PyInit__triangle(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "VERSION", 1) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
