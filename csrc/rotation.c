/* The rotation kind's breadth-first search in C: webapp._rotation.
 *
 * The same search as webapp/rotation/search.py (the reference), state by
 * state in the same order, so the state count, the depth and the moves are
 * the reference's own.
 *
 * Why it is laid out as it is (issue 12, "Speed and memory"):
 * - A state is the orientation plus, for each stick, a small code: 0 when
 *   released, else 1 + the index of its cell among the cells the stick fits
 *   on (walls excluded). That takes fewer bits than a cell number, so most
 *   boards pack into one 64-bit word.
 * - Settling uses per-lane occupancy bitmasks: a lane is a column (gravity
 *   up or down) or a row (left or right), a bit a cell along it. How far a
 *   stick falls is a count of trailing or leading zeros beyond its leading
 *   end in the OR of the lanes it covers. L and R turn gravity opposite ways
 *   along the same lanes, so one painting of a state's lanes and one order
 *   of its sticks (by their backs along the lanes, ranked with vector
 *   compares, no sort and no branch) serve both successors.
 * - The settling loop has no branch a board's data can mislead: a stick
 *   across up to NARROW lanes reads and writes a fixed number of them (the
 *   surplus stores go to a spare lane), so the processor's pipeline never
 *   restarts on a guess about which stick comes next.
 * - Visited states sit in fixed-size blocks in BFS order (the queue), with
 *   their parent links in blocks beside them: no realloc copies. The hash
 *   table holds 32-bit slots: the state's index + 1 in the low bits and a
 *   fingerprint of its hash in the high ones, so a probe rarely has to read
 *   a key that is not the one it looks for. When it fills up it is freed
 *   first and rebuilt from the blocks, so the old and new tables never
 *   coexist. Successors are computed a batch at a time, in a pipeline of
 *   three batches: one computed (its table slots prefetched), one reading
 *   its slots (the keys a duplicate would be compared with prefetched), one
 *   looked up and inserted in order; so memory is rarely waited for.
 * The GIL is released while it runs, and taken back only to call the
 * progress callback (at most every PROGRESS_SECONDS) and at each new depth.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

/* Built twice where the compiler and the C library allow it: for any x86-64,
 * and for CPUs with BMI and LZCNT (x86-64-v3), chosen when the module loads
 * (the build flags stay portable). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__GLIBC__) \
    && !defined(ROT_NO_CLONES)
#define CLONES __attribute__((target_clones("default", "arch=x86-64-v3")))
#else
#define CLONES
#endif

#define MAX_STICKS 64
#define MAX_WORDS 16
#define MAX_SIDE 64
/* A stick's shape on one axis of lanes (0: columns, gravity up or down;
 * 1: rows): the lanes it covers from its first (1 along, len across), its
 * cells along a lane past its back (len - 1 along, 0 across), and its bits
 * in a lane from its back. */
#define AXIS(vertical_lanes) ((vertical_lanes) ? 0 : 1)
/* Lanes a stick covers that the inner loops take without a branch: a stick
 * covering fewer reads its last lane again and sends its surplus stores to
 * a spare lane; one covering more takes the rest in a loop. (3 rather than
 * 4 or 2: 0-14 % fewer cycles a state on the benchmark boards.) */
#define NARROW 3
/* lanes 64 and up are spare: written, never read */
#define SPARE_LANES 64
#define LANES (SPARE_LANES + MAX_SIDE + NARROW)
#define CODE_STRIDE 4097
#define PROGRESS_SECONDS 0.005
#define CHECK_EVERY 1024
#define BLOCK_BITS 16
#define BLOCK ((size_t)1 << BLOCK_BITS)
#ifdef ROT_NO_PREFETCH
#define PREFETCH(p) ((void)(p))
#else
#define PREFETCH(p) __builtin_prefetch(p)
#endif
/* slots a table rebuild prefetches ahead (64: 0.07 s less than 16 on 4.2M states) */
#ifndef BUILD_BATCH
#define BUILD_BATCH 64
#endif
#ifndef BATCH
#define BATCH 16
#endif
/* the table grows past this load (in 1/1024): see bytes_per_state */
#ifndef LOAD_NUM
#define LOAD_NUM 820
#endif
#define MAX_STATES ((size_t)1 << 31)

/* A stick on one axis of lanes, in one 16-byte record for the inner loop. */
typedef struct {
    uint64_t shape;    /* its bits in a lane, from its back: len along, 1 across */
    uint8_t ext;       /* its cells past its back along a lane: len - 1 along, 0 across */
    uint8_t last;      /* lanes it covers past its first: 0 along, len - 1 across */
    /* the k-th lane it covers, from its first, read again (rd) or its store
     * sent to a spare lane 64 further (wr) for k past its last: see NARROW */
    uint8_t rd[NARROW], wr[NARROW];
} Lay;

typedef struct {
    int w, h, n, words, units;   /* a key: words of 64 bits packed, units of 32 bits stored */
    int len[MAX_STICKS], vert[MAX_STICKS];
    int word[MAX_STICKS], shift[MAX_STICKS];
    uint64_t fmask[MAX_STICKS];
    uint16_t *code;   /* code[i * CODE_STRIDE + 1 + (r << 6 | c)]: the stick's code there
                       * (0: does not fit); index 0 of each stick, for released, is 0 */
    int16_t *cell;    /* cell[i * (cells + 1) + code]: back again, as r << 6 | c (-1 released) */
    uint64_t wcol[MAX_SIDE], wrow[MAX_SIDE];   /* walls: bit r of wcol[c], bit c of wrow[r] */
    Lay lay[2][MAX_STICKS];   /* per axis of lanes (0 columns, 1 rows; see paint) */
} Frame;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }
static inline int top64(uint64_t x) { return 63 - __builtin_clzll(x); }
static inline uint64_t run_bits(int len) { return len >= 64 ? ~0ULL : ((1ULL << len) - 1); }

/* Lay the sticks out: each one's codes and its field in the packed key.
 * Returns -1 if the board cannot be packed. */
static int frame_init(Frame *f, int w, int h, const uint8_t *walls, const uint8_t *lengths,
                      const uint8_t *vertical, int n) {
    int cells = w * h;
    f->w = w; f->h = h; f->n = n;
    memset(f->wcol, 0, sizeof f->wcol);
    memset(f->wrow, 0, sizeof f->wrow);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++)
            if (walls[r * w + c]) { f->wcol[c] |= 1ULL << r; f->wrow[r] |= 1ULL << c; }
    f->code = calloc((size_t)n * CODE_STRIDE + 1, sizeof(uint16_t));
    f->cell = calloc((size_t)n * (cells + 1) + 1, sizeof(int16_t));
    if (!f->code || !f->cell) return -2;
    int word = 0, used = 2;
    for (int i = 0; i < n; i++) {
        int len = lengths[i], v = vertical[i] ? 1 : 0, count = 0;
        f->len[i] = len; f->vert[i] = v;
        for (int a = 0; a < 2; a++) {
            int along = v == (a == 0);
            Lay *l = &f->lay[a][i];
            int last = along ? 0 : len - 1;
            l->last = (uint8_t)last;
            l->ext = (uint8_t)(along ? len - 1 : 0);
            l->shape = along ? run_bits(len) : 1;
            for (int k = 0; k < NARROW; k++) {
                l->rd[k] = (uint8_t)(k < last ? k : last);
                l->wr[k] = (uint8_t)(k <= last ? k : SPARE_LANES);
            }
        }
        int16_t *back = f->cell + (size_t)i * (cells + 1);
        back[0] = -1;
        for (int r = 0; r + (v ? len : 1) <= h; r++)
            for (int c = 0; c + (v ? 1 : len) <= w; c++) {
                int ok = 1;
                for (int k = 0; k < len && ok; k++)
                    ok = !walls[(r + (v ? k : 0)) * w + c + (v ? 0 : k)];
                if (!ok) continue;
                count++;
                f->code[(size_t)i * CODE_STRIDE + 1 + (r << 6 | c)] = (uint16_t)count;
                back[count] = (int16_t)(r << 6 | c);
            }
        int bits = 1;
        while ((1 << bits) <= count) bits++;
        if (used + bits > 64) { word++; used = 0; }
        f->word[i] = word; f->shift[i] = used;
        f->fmask[i] = (1ULL << bits) - 1;
        used += bits;
    }
    f->words = word + 1;
    /* the last word's upper half is stored only when it holds something */
    f->units = 2 * f->words - (used <= 32 ? 1 : 0);
    return f->words > MAX_WORDS ? -1 : 0;
}


/* Paint every stick into the lanes of one axis: columns (gravity up or
 * down, vertical_lanes) or rows. */
static inline void paint(const Frame *f, const int *pos, int vertical_lanes, uint64_t *lanes) {
    const int a = AXIS(vertical_lanes);
    if (vertical_lanes) memcpy(lanes, f->wcol, sizeof(uint64_t) * f->w);
    else memcpy(lanes, f->wrow, sizeof(uint64_t) * f->h);
    for (int i = 0; i < f->n; i++) {
        int p = pos[i];
        if (p < 0) continue;
        int first = vertical_lanes ? p & 63 : p >> 6, back = vertical_lanes ? p >> 6 : p & 63;
        const Lay *l = &f->lay[a][i];
        uint64_t mine = l->shape << back;
        for (int k = 0; k < NARROW; k++) lanes[first + l->wr[k]] |= mine;
        for (int k = NARROW; k <= l->last; k++) lanes[first + k] |= mine;
    }
}

typedef int16_t Rank16 __attribute__((vector_size(32)));
#define RANK_VECTORS ((MAX_STICKS + 15) / 16)

/* The sticks on the board in order of their backs along the lanes of one
 * axis (ties broken by index), into order[0 .. returned count). Sticks that
 * share a lane never share a back there, and the one nearer the far end
 * along gravity has the larger back; so this order, walked from the end
 * gravity pulls toward, settles each stick after every stick that could
 * stop it, in both directions along the axis (the reference goes lowest
 * lead first; sticks that share no lane never meet, so the answers agree).
 * Ranks are counted without a branch: rank[i] = #{j : key[j] < key[i]}. */
static inline int order_of(const Frame *f, const int *pos, int vertical_lanes, uint8_t *order) {
    const int n = f->n, nv = (n + 15) >> 4;
    union { Rank16 v[RANK_VECTORS]; int16_t e[RANK_VECTORS * 16]; } key, rank;
    int live = 0;
    for (int v = 0; v < nv; v++) { key.v[v] = (Rank16){0} + 0x7FFF; rank.v[v] = (Rank16){0}; }
    for (int i = 0; i < n; i++) {
        int p = pos[i];
        int back = vertical_lanes ? p >> 6 : p & 63;
        key.e[i] = p < 0 ? 0x7FFF : (int16_t)(back << 6 | i);
        live += p >= 0;
    }
    for (int j = 0; j < n; j++) {
        Rank16 b = (Rank16){0} + key.e[j];
        for (int v = 0; v < nv; v++) rank.v[v] -= (Rank16)(key.v[v] > b);
    }
    /* released sticks all rank live and share that slot: never read */
    for (int i = 0; i < n; i++) order[rank.e[i]] = (uint8_t)i;
    return live;
}

/* Settle toward orientation o (0 down, 1 right, 2 up, 3 left in frame
 * terms) in lanes painted by paint(), the live sticks taken in order_of()'s
 * order from the end gravity pulls toward. Returns the sticks left;
 * *out_any / *target_out say whether any / the target fell out. */
static inline __attribute__((always_inline)) int settle_o(const Frame *f, const int o, int *pos,
                                                          uint64_t *lanes, const uint8_t *order,
                                                          int live, int target, int *out_any,
                                                          int *target_out) {
    const int positive = (o == 0 || o == 1);
    const int vertical_lanes = (o & 1) == 0;
    const int a = AXIS(vertical_lanes);
    const int size = vertical_lanes ? f->h : f->w;   /* cells along a lane */
    int left = 0;
    for (int t = 0; t < live; t++) {
        int i = positive ? order[live - 1 - t] : order[t];
        int p = pos[i];
        int first = vertical_lanes ? p & 63 : p >> 6, back = vertical_lanes ? p >> 6 : p & 63;
        const Lay *l = &f->lay[a][i];
        int ld = positive ? back + l->ext : back;
        /* free cells up to the frame's edge: a stick that meets nothing
         * nearer on every lane it covers leaves the frame; a sentinel bit
         * stands for the cell past the edge */
        const int edge = positive ? size - 1 - ld : ld;
        const uint64_t beyond = 1ULL << edge, below = (1ULL << ld) - 1;
        const int last = l->last;
        /* the nearest taken cell on any lane it covers: one OR of them */
        uint64_t seen[NARROW], any_lane = 0;
        for (int k = 0; k < NARROW; k++) any_lane |= seen[k] = lanes[first + l->rd[k]];
        for (int k = NARROW; k <= last; k++) any_lane |= lanes[first + k];
        int distance = positive ? ctz64(((any_lane >> ld) >> 1) | beyond)
                                : ld - top64(((any_lane & below) << 1) | 1);
        int out = distance == edge;
        uint64_t mine = l->shape << back;
        uint64_t moved = out ? 0 : positive ? mine << distance : mine >> distance;
        /* stored once per lane, from the values read: no lane is read back
         * before its store (the spare lane takes the unused stores) */
        for (int k = 0; k < NARROW; k++)
            lanes[first + l->wr[k]] = (seen[k] & ~mine) | moved;
        for (int k = NARROW; k <= last; k++) lanes[first + k] = (lanes[first + k] & ~mine) | moved;
        const int step = vertical_lanes ? 64 : 1;
        int moved_to = p + (positive ? distance : -distance) * step;
        pos[i] = moved_to | -out;   /* -1 when out */
        left += !out;
    }
    /* no state in the queue has lost its target: it would have ended the search */
    *out_any = left != live;
    *target_out = target >= 0 && pos[target] < 0;
    return left;
}

/* settle_o() with o a constant in each copy. */
static inline __attribute__((always_inline)) int settle(const Frame *f, int o, int *pos,
                                                        uint64_t *lanes, const uint8_t *order,
                                                        int live, int target, int *out_any,
                                                        int *target_out) {
    switch (o) {
    case 0: return settle_o(f, 0, pos, lanes, order, live, target, out_any, target_out);
    case 1: return settle_o(f, 1, pos, lanes, order, live, target, out_any, target_out);
    case 2: return settle_o(f, 2, pos, lanes, order, live, target, out_any, target_out);
    default: return settle_o(f, 3, pos, lanes, order, live, target, out_any, target_out);
    }
}

static inline void pack(const Frame *f, int o, const int *pos, uint64_t *key, const int words) {
    /* a released stick (-1) reads its table's first entry, 0 */
    if (words <= 2) {   /* in registers: the usual boards */
        uint64_t w0 = (uint64_t)o, w1 = 0;
        for (int i = 0; i < f->n; i++) {
            uint64_t v = (uint64_t)f->code[(size_t)i * CODE_STRIDE + 1 + pos[i]] << f->shift[i];
            if (words == 1) w0 |= v;
            else { uint64_t m = -(uint64_t)f->word[i]; w0 |= v & ~m; w1 |= v & m; }
        }
        key[0] = w0;
        if (words == 2) key[1] = w1;
        return;
    }
    for (int k = 0; k < words; k++) key[k] = 0;
    key[0] = (uint64_t)o;
    for (int i = 0; i < f->n; i++)
        key[f->word[i]] |= (uint64_t)f->code[(size_t)i * CODE_STRIDE + 1 + pos[i]] << f->shift[i];
}

static inline int unpack(const Frame *f, const uint64_t *key, int *pos) {
    int cells = f->w * f->h;
    for (int i = 0; i < f->n; i++) {
        unsigned code = (unsigned)((key[f->word[i]] >> f->shift[i]) & f->fmask[i]);
        pos[i] = f->cell[(size_t)i * (cells + 1) + code];
    }
    return (int)(key[0] & 3);
}

static inline uint64_t hash_key(const uint64_t *key, int words) {
    uint64_t x = key[0] * 0x9E3779B97F4A7C15ULL;
    for (int i = 1; i < words; i++) {
        x ^= x >> 29;
        x = (x ^ key[i]) * 0xBF58476D1CE4E5B9ULL;
    }
    x ^= x >> 32;
    x *= 0xD6E8FEB86659FD93ULL;
    return x ^ (x >> 32);
}

/* A key is stored in 32-bit units (12 bytes for 65 to 96 bits, not 16). */
static inline void key_store(uint32_t *dst, const uint64_t *key, int units) {
    for (int u = 0; u < units; u++) dst[u] = (uint32_t)(key[u >> 1] >> (32 * (u & 1)));
}

static inline void key_load(uint64_t *key, const uint32_t *src, int words, int units) {
    for (int k = 0; k < words; k++)
        key[k] = src[2 * k] | (2 * k + 1 < units ? (uint64_t)src[2 * k + 1] << 32 : 0);
}

static inline int key_same(const uint32_t *stored, const uint64_t *key, int units) {
    int same = 1;
    for (int u = 0; u < units; u++) same &= stored[u] == (uint32_t)(key[u >> 1] >> (32 * (u & 1)));
    return same;
}

typedef struct {
    uint32_t **keys;    /* block b holds the keys of states b * BLOCK ... */
    uint32_t **parent;  /* parent index << 1 | move (0 L, 1 R); ~0 for the start */
    size_t nblocks, blocks_cap;
    uint32_t *table;    /* 0 empty, else fingerprint << ibits | (index + 1) */
    int ibits;          /* bits of tcap: index + 1 < tcap fits */
    size_t count, tcap, grow_at;
} Store;

static inline uint32_t *key_at(const Store *s, size_t k, int units) {
    return s->keys[k >> BLOCK_BITS] + (k & (BLOCK - 1)) * units;
}

static inline uint32_t *parent_at(const Store *s, size_t k) {
    return s->parent[k >> BLOCK_BITS] + (k & (BLOCK - 1));
}

/* tcap is not a power of two (the table grows by half), so the home slot
 * scales the hash's upper half to it */
static inline size_t home_of(const Store *s, uint64_t hash) {
    return (size_t)(((hash >> 32) * (uint64_t)s->tcap) >> 32);
}

static inline size_t next_slot(const Store *s, size_t at) { return at + 1 == s->tcap ? 0 : at + 1; }

static inline uint32_t slot_of(const Store *s, uint32_t print, size_t index) {
    return (s->ibits >= 32 ? 0 : print << s->ibits) | (uint32_t)(index + 1);
}

static inline uint32_t print_of(const Store *s, uint64_t hash) {
    return s->ibits >= 32 ? 0 : (uint32_t)(hash & ((1ULL << (32 - s->ibits)) - 1));
}

#define HUGE_PAGE ((size_t)2 << 20)

/* Zeroed memory for big arrays, straight from mmap, on huge pages where the
 * kernel grants them: a search of millions of states otherwise spends much
 * of its time in TLB misses on the table and the blocks. */
static void *big_alloc(size_t bytes) {
    if (bytes < HUGE_PAGE) return calloc(bytes, 1);
    size_t span = bytes + HUGE_PAGE;
    uint8_t *raw = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return NULL;
    uint8_t *at = (uint8_t *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (at > raw) munmap(raw, (size_t)(at - raw));
    size_t tail = (size_t)(raw + span - (at + bytes));
    if (tail) munmap(at + bytes, tail);
#if defined(MADV_HUGEPAGE) && !defined(ROT_NO_HUGE)
    madvise(at, bytes, MADV_HUGEPAGE);
#endif
    return at;
}

static void big_free(void *p, size_t bytes) {
    if (!p) return;
    if (bytes < HUGE_PAGE) free(p);
    else munmap(p, bytes);
}

static int store_add_block(Store *s, int units) {
    if (s->nblocks == s->blocks_cap) {
        size_t cap = s->blocks_cap ? s->blocks_cap * 2 : 16;
        uint32_t **k = realloc(s->keys, cap * sizeof *k);
        if (!k) return -1;
        s->keys = k;
        uint32_t **p = realloc(s->parent, cap * sizeof *p);
        if (!p) return -1;
        s->parent = p;
        s->blocks_cap = cap;
    }
    uint32_t *k = malloc(BLOCK * units * sizeof(uint32_t));
    uint32_t *p = malloc(BLOCK * sizeof(uint32_t));
    if (!k || !p) { free(k); free(p); return -1; }
    s->keys[s->nblocks] = k;
    s->parent[s->nblocks] = p;
    s->nblocks++;
    return 0;
}

static inline void table_put(Store *s, uint64_t hash, size_t index) {
    size_t at = home_of(s, hash);
    while (s->table[at]) at = next_slot(s, at);
    s->table[at] = slot_of(s, print_of(s, hash), index);
}

/* A table of tcap slots, filled from the blocks. The old one is freed
 * first: the blocks hold every key, so the two tables never coexist. */
/* Half as big again (not twice: a table just grown holds a state in 1.9
 * slots, not 2.5, at the peak), in whole cache lines. */
static inline size_t grown(size_t tcap) { return (tcap + tcap / 2 + 15) & ~(size_t)15; }

#ifdef ROT_PROFILE
static double build_seconds;
#endif
static int table_build(Store *s, size_t tcap, int words, int units) {
#ifdef ROT_PROFILE
    double t0 = now();
#endif
    big_free(s->table, s->tcap * sizeof(uint32_t));
    s->table = NULL;
    uint32_t *t = big_alloc(tcap * sizeof(uint32_t));
    if (!t) return -1;
    s->table = t; s->tcap = tcap; s->ibits = 64 - __builtin_clzll((uint64_t)tcap);
    s->grow_at = (size_t)((double)tcap * LOAD_NUM / 1024);
    /* in batches, each slot prefetched before it is written */
    uint64_t key[MAX_WORDS], hashes[BUILD_BATCH];
    for (size_t k0 = 0; k0 < s->count; k0 += BUILD_BATCH) {
        size_t m = s->count - k0 < BUILD_BATCH ? s->count - k0 : BUILD_BATCH;
        for (size_t b = 0; b < m; b++) {
            key_load(key, key_at(s, k0 + b, units), words, units);
            hashes[b] = hash_key(key, words);
            __builtin_prefetch(&s->table[home_of(s, hashes[b])], 1);
        }
        for (size_t b = 0; b < m; b++) table_put(s, hashes[b], k0 + b);
    }
#ifdef ROT_PROFILE
    build_seconds += now() - t0;
    fprintf(stderr, "build %zu -> %.3f s total\n", tcap, build_seconds);
#endif
    return 0;
}

/* The slot where key would go, or -1 if it is there already. */
static inline long long store_find(const Store *s, const uint64_t *key, uint64_t hash, int units) {
    size_t at = home_of(s, hash);
    uint32_t fp = print_of(s, hash), low = (uint32_t)((1ULL << s->ibits) - 1);
    int ib = s->ibits;
    uint32_t slot;
    while ((slot = s->table[at]) != 0) {
        if ((ib >= 32 ? 0 : slot >> ib) == fp) {
            if (key_same(key_at(s, (size_t)(slot & low) - 1, units), key, units)) return -1;
        }
        at = next_slot(s, at);
    }
    return (long long)at;
}

enum { SOLVED = 0, UNSOLVABLE = 1, LIMIT_STATES = 2, LIMIT_TIME = 3, NO_MEMORY = 4, CALLBACK = 5 };

static inline int reached(int goal, int left, int any_out, int target_out) {
    if (goal == 0) return any_out;
    if (goal == 1) return target_out;
    return left == 0;
}

/* The two successors of state k (L, then R): keys, hashes and whether
 * each reaches the goal. Reads only the frame and the key blocks, so the
 * helper threads of a parallel layer can run it. */
/* Not inlined: the settling loop keeps its values in registers in a function
 * of its own (5-10 % faster, measured). */
static __attribute__((noinline)) CLONES void successors(
        const Frame *f, const Store *s, size_t k, int goal, int target, uint64_t *key_l,
        uint64_t *key_r, uint64_t *hash2, uint8_t *flag2, const int words, const int units) {
    uint64_t lanes[LANES], work[LANES], here[MAX_WORDS];
    int pos[MAX_STICKS], cur[MAX_STICKS];
    int n = f->n, lane_count = f->w > f->h ? f->w : f->h;
    key_load(here, key_at(s, k, units), words, units);
    int o = unpack(f, here, pos);
    /* the successors fall across the parent's gravity, both along the same
     * lanes: one painting and one order serve both */
    paint(f, pos, o & 1, lanes);
    uint8_t order[MAX_STICKS];
    int live = order_of(f, pos, o & 1, order);
    for (int mv = 0; mv < 2; mv++) {
        int o2 = (o + (mv ? 1 : 3)) & 3;
        /* fixed sizes where they do: copied inline, not by a call */
        if (n <= 16) memcpy(cur, pos, sizeof(int) * 16);
        else memcpy(cur, pos, sizeof(int) * n);
        if (lane_count <= 16) memcpy(work, lanes, sizeof(uint64_t) * 16);
        else memcpy(work, lanes, sizeof(uint64_t) * lane_count);
        int any, tout;
        int left = settle(f, o2, cur, work, order, live, target, &any, &tout);
        uint64_t *key = mv ? key_r : key_l;
        flag2[mv] = (uint8_t)reached(goal, left, any, tout);
        pack(f, o2, cur, key, words);
        hash2[mv] = hash_key(key, words);
    }
}

typedef struct Pool Pool;

typedef struct {
    Frame f;
    Store s;
    int goal, target;
    long long max_states;
    double max_seconds, began, last;
    int has_progress;
    size_t expanded, checked;
    /* the answer, once found */
    size_t goal_parent;
    int goal_move;
    Pool *pool;        /* helper threads, when asked for more than one */
} Search;

/* The reference's look at the clock, before every CHECK_EVERY-th
 * expansion: 0 go on, 1 stop at the time limit (*code set), 2 pause for
 * the progress callback. */
static inline int look_at_clock(Search *q, int *code) {
    size_t next = q->expanded + 1;
    if (next % CHECK_EVERY != 0 || q->checked == next) return 0;
    double t = now();
    q->checked = next;
    if (q->max_seconds >= 0 && t - q->began > q->max_seconds) { *code = LIMIT_TIME; return 1; }
    if (q->has_progress && t - q->last >= PROGRESS_SECONDS) { q->last = t; return 2; }
    return 0;
}

/* Successor mv of state lo, in order: the goal (flag), a duplicate, or a
 * new state stored. Returns 1 to stop (*code set: solved, a limit, out of
 * memory), else 0. */
static inline __attribute__((always_inline)) int visit(Search *q, const uint64_t *key,
                                                       uint64_t hash, int flag, size_t lo, int mv,
                                                       int *code, const int words, const int units) {
    Store *s = &q->s;
    if (flag) { *code = SOLVED; q->goal_parent = lo; q->goal_move = mv; return 1; }
    long long at = store_find(s, key, hash, units);
    if (at < 0) return 0;
    if (q->max_states > 0 && (long long)s->count >= q->max_states) { *code = LIMIT_STATES; return 1; }
    if (s->count >= MAX_STATES - 1) { *code = NO_MEMORY; return 1; }
    if ((s->count >> BLOCK_BITS) == s->nblocks && store_add_block(s, units)) {
        *code = NO_MEMORY; return 1;
    }
    key_store(key_at(s, s->count, units), key, units);
    *parent_at(s, s->count) = (uint32_t)(lo << 1 | (size_t)mv);
    s->table[at] = slot_of(s, print_of(s, hash), s->count);
    s->count++;
    /* successors prefetched into the old table stay correct: those were hints */
    if (s->count > s->grow_at && table_build(s, grown(s->tcap), words, units)) {
        *code = NO_MEMORY; return 1;
    }
    return 0;
}

/* The successors of one batch of states, their hashes and goal flags. */
typedef struct {
    uint64_t keys[2 * BATCH * MAX_WORDS];   /* successor j's key at j * words */
    uint64_t hashes[2 * BATCH];
    uint8_t flags[2 * BATCH];
    size_t first, count;                    /* the states expanded */
} Batch;

/* Fetch ahead the stored key a probe for hash would compare first. */
static inline void prefetch_match(const Store *s, uint64_t hash, int units) {
    size_t at = home_of(s, hash);
    uint32_t slot = s->table[at], fp = print_of(s, hash);
    for (int k = 0; k < 4 && slot; k++) {
        if (s->ibits >= 32 || slot >> s->ibits == fp) {
            PREFETCH(key_at(s, (size_t)(slot & (uint32_t)((1ULL << s->ibits) - 1)) - 1, units));
            return;
        }
        at = next_slot(s, at);
        slot = s->table[at];
    }
}

/* Expand states [*lo, hi) (one depth) until done, a stop, or a pause for
 * the progress callback. Returns 0 done, 1 stopped (*code set), 2 pause.
 * A pipeline of three batches hides the memory's latency: while one batch
 * is computed (its table slots prefetched), the one before reads its slots
 * and prefetches the keys a duplicate would be compared with, and the one
 * before that is looked up and inserted, state by state in order, with
 * every check and stop of the reference. Batches computed but not yet
 * inserted when it stops are dropped (a pause computes them again). */
#ifdef ROT_PROFILE
static uint64_t cyc_settle, cyc_probe;
#endif
static inline __attribute__((always_inline)) int expand(Search *q, size_t *lo_io, size_t hi,
                                                        int *code, const int words,
                                                        const int units) {
    Frame *f = &q->f;
    Store *s = &q->s;
    Batch ring[3];
    size_t made = *lo_io;                     /* the next state to compute */
    size_t computed = 0, matched = 0, inserted = 0;   /* batches */
    while (inserted < computed || made < hi) {
        if (made < hi && computed - inserted < 3) {
#ifdef ROT_PROFILE
            uint64_t c0 = __builtin_ia32_rdtsc();
#endif
            Batch *b = &ring[computed % 3];
            b->first = made;
            b->count = hi - made < BATCH ? hi - made : BATCH;
            for (size_t i = 0; i < b->count; i++) {
                size_t j = 2 * i;
                successors(f, s, made + i, q->goal, q->target, b->keys + j * words,
                           b->keys + (j + 1) * words, b->hashes + j, b->flags + j, words, units);
                PREFETCH(&s->table[home_of(s, b->hashes[j])]);
                PREFETCH(&s->table[home_of(s, b->hashes[j + 1])]);
            }
            made += b->count;
            computed++;
#ifdef ROT_PROFILE
            cyc_settle += __builtin_ia32_rdtsc() - c0;
#endif
        }
        int draining = made >= hi;
        if (matched < computed && (computed - matched > 1 || draining)) {
            const Batch *b = &ring[matched % 3];
            for (size_t j = 0; j < 2 * b->count; j++) prefetch_match(s, b->hashes[j], units);
            matched++;
        }
        if (inserted < matched && (matched - inserted > 1 || draining)) {
#ifdef ROT_PROFILE
            uint64_t c1 = __builtin_ia32_rdtsc();
#endif
            const Batch *b = &ring[inserted % 3];
            for (size_t i = 0; i < b->count; i++) {
                size_t lo = b->first + i;
                int stop = look_at_clock(q, code);
                if (stop) { *lo_io = lo; return stop; }
                q->expanded++;
                for (int mv = 0; mv < 2; mv++) {
                    size_t j = 2 * i + mv;
                    if (visit(q, b->keys + j * words, b->hashes[j], b->flags[j], lo, mv, code,
                              words, units)) {
                        *lo_io = lo; return 1;
                    }
                }
            }
            inserted++;
#ifdef ROT_PROFILE
            cyc_probe += __builtin_ia32_rdtsc() - c1;
#endif
        }
    }
    *lo_io = hi;
    return 0;
}

/* Return fn(args..., words, units) with the key's size a constant in the
 * usual cases (up to two words), so that its loops over words unroll. */
#define BY_KEY_SIZE(words, units, fn, ...)                          \
    switch (units) {                                                \
    case 1: return fn(__VA_ARGS__, 1, 1);                           \
    case 2: return fn(__VA_ARGS__, 1, 2);                           \
    case 3: return fn(__VA_ARGS__, 2, 3);                           \
    case 4: return fn(__VA_ARGS__, 2, 4);                           \
    default: return fn(__VA_ARGS__, words, units);                  \
    }

/* expand() for the board's key size (see CLONES). */
CLONES
static int expand_any(Search *q, size_t *lo, size_t hi, int *code) {
    BY_KEY_SIZE(q->f.words, q->f.units, expand, q, lo, hi, code)
}

/* Layer-parallel expansion (threads > 1; the command line only).
 * The successors of a layer (about 85 % of the time) are computed a chunk
 * of CHUNK states at a time, by the helper threads and by the main thread
 * when it would otherwise wait, into a ring of RING buffers; the main
 * thread alone looks them up and inserts them, chunk after chunk in the
 * layer's order, with the checks of expand(): so states, depth, moves,
 * limits and the goal found (the first in that order) are the sequential
 * search's. Helpers read only the frame and the keys of the current
 * layer, written before the layer began; the block array is allocated
 * whole up front so that adding a block never moves it under them. */
#define CHUNK 1024
#ifndef RING
#define RING 8
#endif
#define MAX_THREADS 16
/* successors ahead of the one inserted: the table slot of the one AHEAD2
 * ahead is prefetched, then the key a duplicate of the one AHEAD ahead
 * would be compared with */
#define AHEAD 8
#define AHEAD2 16

struct Pool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int stop, helpers, words, units;
    size_t chunk;      /* states a chunk: CHUNK, smaller in the tests */
    pthread_t tid[MAX_THREADS];
    const Frame *f;
    const Store *s;
    int goal, target;
    /* the layer, under mu: states [lo, hi), chunks counted from base (ids
     * never repeat, so a slot's ready id cannot be a stale layer's) */
    size_t lo, hi, nchunks, base, next_claim, inserted;
    int parallel;      /* is the current layer expanded in parallel? */
    uint64_t *keys[RING], *hashes[RING];
    uint8_t *flags[RING];
    _Atomic size_t ready[RING];   /* id + 1 of the chunk a slot holds */
};

typedef struct { size_t lo, hi, id; } Claim;

/* Under mu: the next chunk to compute, if any may start now. */
static int pool_claim(Pool *p, Claim *c) {
    if (p->stop || p->next_claim >= p->nchunks || p->next_claim >= p->inserted + RING) return 0;
    size_t k = p->next_claim++;
    c->lo = p->lo + k * p->chunk;
    c->hi = c->lo + p->chunk < p->hi ? c->lo + p->chunk : p->hi;
    c->id = p->base + k;
    return 1;
}

/* Returns 0, so that BY_KEY_SIZE can pick it. */
static inline __attribute__((always_inline)) int chunk_run(Pool *p, const Claim *c,
                                                           const int words, const int units) {
    size_t slot = c->id % RING;
    uint64_t *keys = p->keys[slot], *hashes = p->hashes[slot];
    uint8_t *flags = p->flags[slot];
    for (size_t k = c->lo; k < c->hi; k++) {
        size_t j = 2 * (k - c->lo);
        successors(p->f, p->s, k, p->goal, p->target, keys + j * words, keys + (j + 1) * words,
                   hashes + j, flags + j, words, units);
    }
    atomic_store_explicit(&p->ready[slot], c->id + 1, memory_order_release);
    return 0;
}

CLONES
static int chunk_compute(Pool *p, const Claim *c) {
    BY_KEY_SIZE(p->words, p->units, chunk_run, p, c)
}

static void *pool_helper(void *arg) {
    Pool *p = arg;
    Claim c;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->stop && !pool_claim(p, &c)) pthread_cond_wait(&p->cv, &p->mu);
        if (p->stop) break;
        pthread_mutex_unlock(&p->mu);
        chunk_compute(p, &c);
        pthread_mutex_lock(&p->mu);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

static void pool_free(Pool *p) {
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (int t = 0; t < p->helpers; t++) pthread_join(p->tid[t], NULL);
    for (int r = 0; r < RING; r++) { free(p->keys[r]); free(p->hashes[r]); free(p->flags[r]); }
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p);
}

/* A pool of threads - 1 helpers; NULL when out of memory or threads. */
static Pool *pool_new(const Search *q, int threads, size_t chunk) {
    Pool *p = calloc(1, sizeof(Pool));
    if (!p) return NULL;
    p->chunk = chunk;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->f = &q->f; p->s = &q->s; p->goal = q->goal; p->target = q->target;
    p->words = q->f.words; p->units = q->f.units;
    for (int r = 0; r < RING; r++) {
        p->keys[r] = malloc(2 * p->chunk * (size_t)p->words * sizeof(uint64_t));
        p->hashes[r] = malloc(2 * p->chunk * sizeof(uint64_t));
        p->flags[r] = malloc(2 * p->chunk);
        atomic_init(&p->ready[r], 0);
        if (!p->keys[r] || !p->hashes[r] || !p->flags[r]) { pool_free(p); return NULL; }
    }
    for (int t = 0; t < threads - 1 && t < MAX_THREADS; t++) {
        if (pthread_create(&p->tid[t], NULL, pool_helper, p)) break;
        p->helpers++;
    }
    if (!p->helpers) { pool_free(p); return NULL; }
    return p;
}

/* A new layer [lo, hi): in parallel if it is big enough to share. */
static void pool_layer(Pool *p, size_t lo, size_t hi) {
    pthread_mutex_lock(&p->mu);
    p->base += p->nchunks;
    p->lo = lo; p->hi = hi;
    p->parallel = hi - lo >= 2 * p->chunk;
    p->nchunks = p->parallel ? (hi - lo + p->chunk - 1) / p->chunk : 0;
    p->next_claim = p->inserted = 0;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
}

#ifdef ROT_PROFILE
static uint64_t cyc_main_compute, cyc_main_wait, cyc_main_all, cyc_build;
#endif
/* Until chunk id is ready: compute any chunk that may start, else yield. */
static void pool_wait(Pool *p, size_t id) {
    Claim c;
    while (atomic_load_explicit(&p->ready[id % RING], memory_order_acquire) != id + 1) {
#ifdef ROT_PROFILE
        uint64_t c0 = __builtin_ia32_rdtsc();
#endif
        pthread_mutex_lock(&p->mu);
        int got = pool_claim(p, &c);
        pthread_mutex_unlock(&p->mu);
        if (got) chunk_compute(p, &c);
        else sched_yield();
#ifdef ROT_PROFILE
        if (got) cyc_main_compute += __builtin_ia32_rdtsc() - c0;
        else cyc_main_wait += __builtin_ia32_rdtsc() - c0;
#endif
    }
}

/* expand() for a parallel layer: the same checks, stops and pauses, the
 * successors read from the ring. */
static inline __attribute__((always_inline)) int expand_par(Search *q, size_t *lo_io, size_t hi,
                                                            int *code, const int words,
                                                            const int units) {
    Store *s = &q->s;
    Pool *p = q->pool;
    size_t lo = *lo_io;
    size_t have = (size_t)-1;   /* the chunk known ready */
    while (lo < hi) {
        int stop = look_at_clock(q, code);
        if (stop) { *lo_io = lo; return stop; }
        size_t k = (lo - p->lo) / p->chunk, i = (lo - p->lo) % p->chunk, id = p->base + k;
        size_t slot = id % RING, len = p->lo + (k + 1) * p->chunk < p->hi ? p->chunk : p->hi - p->lo - k * p->chunk;
        if (have != id) { pool_wait(p, id); have = id; }
        const uint64_t *keys = p->keys[slot], *hashes = p->hashes[slot];
        const uint8_t *flags = p->flags[slot];
        q->expanded++;
        for (int mv = 0; mv < 2; mv++) {
            size_t j = 2 * i + mv;
            if (j + AHEAD2 < 2 * len) PREFETCH(&s->table[home_of(s, hashes[j + AHEAD2])]);
            if (j + AHEAD < 2 * len) prefetch_match(s, hashes[j + AHEAD], units);
            if (visit(q, keys + j * words, hashes[j], flags[j], lo, mv, code, words, units)) {
                *lo_io = lo; return 1;
            }
        }
        lo++;
        if (i + 1 == len) {   /* the chunk's slot is free again */
            pthread_mutex_lock(&p->mu);
            p->inserted = k + 1;
            pthread_cond_broadcast(&p->cv);
            pthread_mutex_unlock(&p->mu);
        }
    }
    *lo_io = lo;
    return 0;
}

static int expand_par_any(Search *q, size_t *lo, size_t hi, int *code) {
    BY_KEY_SIZE(q->f.words, q->f.units, expand_par, q, lo, hi, code)
}

static int call_progress(PyObject *progress, size_t states, int depth) {
    PyObject *r = PyObject_CallFunction(progress, "nn", (Py_ssize_t)states, (Py_ssize_t)depth);
    if (!r) return -1;
    Py_DECREF(r);
    return 0;
}

/* Every argument is checked before anything reads with it: a bad call raises
 * (ValueError, TypeError), it never reads past an array or crashes. */

/* The board: sides least_side to MAX_SIDE, a wall byte per cell, 1 to
 * MAX_STICKS - 2 sticks (at least least_sticks) of length 1 to MAX_SIDE (a
 * length of 0 would paint lanes past the array), a vertical byte each.
 * Returns the number of sticks, or -1 (raised). */
static int check_board(int w, int h, const Py_buffer *walls, const Py_buffer *lengths,
                       const Py_buffer *vertical, int least_side, int least_sticks) {
    if (w < least_side || h < least_side || w > MAX_SIDE || h > MAX_SIDE) {
        PyErr_Format(PyExc_ValueError, "board size %d x %d is out of range (sides %d to %d)",
                     w, h, least_side, MAX_SIDE);
        return -1;
    }
    if (walls->len != (Py_ssize_t)w * h) {
        PyErr_Format(PyExc_ValueError, "walls has %zd bytes, a %d x %d board has %d cells",
                     walls->len, w, h, w * h);
        return -1;
    }
    Py_ssize_t n = lengths->len;
    if (n < least_sticks || n > MAX_STICKS - 2) {
        PyErr_Format(PyExc_ValueError, "lengths has %zd sticks, %d to %d allowed", n,
                     least_sticks, MAX_STICKS - 2);
        return -1;
    }
    if (vertical->len != n) {
        PyErr_Format(PyExc_ValueError, "vertical has %zd bytes, one per stick (%zd) expected",
                     vertical->len, n);
        return -1;
    }
    const uint8_t *len = lengths->buf;
    for (Py_ssize_t i = 0; i < n; i++)
        if (len[i] < 1 || len[i] > MAX_SIDE) {
            PyErr_Format(PyExc_ValueError, "stick %zd has length %d, 1 to %d allowed", i,
                         len[i], MAX_SIDE);
            return -1;
        }
    return (int)n;
}

/* search()'s other arguments; 0, or -1 (raised). The target is read as a
 * stick index on every settle (-1: none), whatever the goal. */
static int check_search(int n, int o0, int goal, int target, long long max_states,
                        double max_seconds, PyObject *progress, int threads, int chunk) {
    if (o0 < 0 || o0 > 3)
        PyErr_Format(PyExc_ValueError, "orientation %d is outside 0..3", o0);
    else if (goal < 0 || goal > 2)
        PyErr_Format(PyExc_ValueError, "goal %d is outside 0..2 (any, stick, all)", goal);
    else if (goal == 1 && (target < 0 || target >= n))
        PyErr_Format(PyExc_ValueError, "target %d is not a stick: 0..%d", target, n - 1);
    else if (target < -1 || target >= n)
        PyErr_Format(PyExc_ValueError, "target %d is not -1 (none) or a stick 0..%d", target, n - 1);
    else if (max_states < 0)
        PyErr_Format(PyExc_ValueError, "max_states %lld is negative (0: no limit)", max_states);
    else if (isnan(max_seconds))
        PyErr_SetString(PyExc_ValueError, "max_seconds is not a number (negative: no limit)");
    else if (progress != Py_None && !PyCallable_Check(progress))
        PyErr_SetString(PyExc_TypeError, "progress must be callable or None");
    else if (threads < 1)
        PyErr_Format(PyExc_ValueError, "threads %d is below 1", threads);
    else if (chunk < 1 || chunk > (1 << 20))
        PyErr_Format(PyExc_ValueError, "chunk %d is outside 1..%d", chunk, 1 << 20);
    else
        return 0;
    return -1;
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
    int threads = 1, chunk = CHUNK;
    if (!PyArg_ParseTuple(args, "iiy*y*y*OiiiLdO|ii", &w, &h, &walls, &lengths, &vertical,
                          &start, &o0, &goal, &target, &max_states, &max_seconds, &progress,
                          &threads, &chunk))
        return NULL;
    PyObject *result = NULL;
    Search *q = NULL;
    char *moves = NULL;
    int n = check_board(w, h, &walls, &lengths, &vertical, 1, 1);
    if (n < 0 || check_search(n, o0, goal, target, max_states, max_seconds, progress, threads,
                              chunk) < 0)
        goto release;
    if (PySequence_Length(start) != n) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "start has %zd entries, one per stick (%d) expected",
                         PySequence_Length(start), n);
        goto release;
    }
    q = calloc(1, sizeof(Search));
    if (!q) { PyErr_NoMemory(); goto release; }
    Store *s = &q->s;
    Frame *f = &q->f;
    int made = frame_init(f, w, h, walls.buf, lengths.buf, vertical.buf, n);
    if (made == -2) { PyErr_NoMemory(); goto done; }
    if (made) { PyErr_SetString(PyExc_ValueError, "board too large to pack"); goto done; }
    int pos[MAX_STICKS];
    for (int i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(start, i);
        if (!item) goto done;
        long p = PyLong_AsLong(item);
        Py_DECREF(item);
        if (p == -1 && PyErr_Occurred()) goto done;
        /* checked as a long: a cast to int first could wrap a huge cell onto the board */
        if (p < -1 || p >= (long)w * h) {
            PyErr_Format(PyExc_ValueError, "start[%d] = %ld is not -1 (released) or a cell 0..%d",
                         i, p, w * h - 1);
            goto done;
        }
        pos[i] = (int)p;
        if (pos[i] >= 0 && !f->code[(size_t)i * CODE_STRIDE + 1 + ((pos[i] / w) << 6 | pos[i] % w)]) {
            PyErr_Format(PyExc_ValueError, "start[%d]: stick %d does not fit at cell %d", i, i, pos[i]);
            goto done;
        }
        pos[i] = pos[i] < 0 ? -1 : (pos[i] / w) << 6 | pos[i] % w;
    }
    int words = f->words;
    q->goal = goal; q->target = target; q->max_states = max_states;
    q->max_seconds = max_seconds; q->has_progress = progress != Py_None;
    int units = f->units;
    uint64_t first[MAX_WORDS];
    if (threads > 1) {
        /* the block array whole: helpers read it while blocks are added */
        s->blocks_cap = MAX_STATES >> BLOCK_BITS;
        s->keys = calloc(s->blocks_cap, sizeof *s->keys);
        s->parent = calloc(s->blocks_cap, sizeof *s->parent);
        if (!s->keys || !s->parent) { PyErr_NoMemory(); goto done; }
    }
    if (store_add_block(s, units)) { PyErr_NoMemory(); goto done; }
    pack(f, o0, pos, first, words);
    key_store(key_at(s, 0, units), first, units);
    *parent_at(s, 0) = 0xFFFFFFFFu;
    s->count = 1;
    if (table_build(s, 4096, words, units)) { PyErr_NoMemory(); goto done; }

    if (threads > 1) {
        /* without a helper (no memory, no thread) the search runs alone: same answer */
        q->pool = pool_new(q, threads > MAX_THREADS ? MAX_THREADS : threads, (size_t)chunk);
        if (q->pool) pool_layer(q->pool, 0, 1);
    }

    int code = UNSOLVABLE, depth = 0;
    size_t lo = 0, hi = 1;
    q->began = q->last = now();
    for (;;) {
        int stop;
        Py_BEGIN_ALLOW_THREADS
#ifdef ROT_PROFILE
        uint64_t c0 = __builtin_ia32_rdtsc();
#endif
        if (q->pool && q->pool->parallel) stop = expand_par_any(q, &lo, hi, &code);
        else stop = expand_any(q, &lo, hi, &code);
#ifdef ROT_PROFILE
        cyc_main_all += __builtin_ia32_rdtsc() - c0;
#endif
        Py_END_ALLOW_THREADS
        if (stop == 1) break;
        if (stop == 2) {
            if (call_progress(progress, s->count, depth)) goto done;
            continue;
        }
        if (s->count == hi) { code = UNSOLVABLE; break; }
        hi = s->count;
        depth++;
        if (q->pool) pool_layer(q->pool, lo, hi);
        if (q->has_progress && call_progress(progress, s->count, depth)) goto done;
    }
#ifdef ROT_PROFILE
    fprintf(stderr, "settle %.3f Gcyc, probe %.3f Gcyc\n", cyc_settle * 1e-9, cyc_probe * 1e-9);
    fprintf(stderr, "main: all %.3f, computing %.3f, waiting %.3f Gcyc\n", cyc_main_all * 1e-9,
            cyc_main_compute * 1e-9, cyc_main_wait * 1e-9);
#endif
    if (code == NO_MEMORY) { PyErr_NoMemory(); goto done; }
    int nm = 0;
    if (code == SOLVED) {
        moves = malloc((size_t)depth + 2);
        if (!moves) { PyErr_NoMemory(); goto done; }
        moves[nm++] = q->goal_move ? 'R' : 'L';
        size_t at = q->goal_parent;
        uint32_t link;
        while ((link = *parent_at(s, at)) != 0xFFFFFFFFu) {
            moves[nm++] = (link & 1) ? 'R' : 'L';
            at = link >> 1;
        }
        for (int i = 0; i < nm / 2; i++) { char t = moves[i]; moves[i] = moves[nm - 1 - i]; moves[nm - 1 - i] = t; }
        depth++;
    }
    result = Py_BuildValue("is#ni", code, moves ? moves : "", (Py_ssize_t)nm, (Py_ssize_t)s->count, depth);
done:
    if (q) {
        pool_free(q->pool);   /* first: its helpers read the blocks */
        free(moves);
        for (size_t b = 0; b < q->s.nblocks; b++) { free(q->s.keys[b]); free(q->s.parent[b]); }
        free(q->s.keys); free(q->s.parent);
        big_free(q->s.table, q->s.tcap * sizeof(uint32_t));
        free(q->f.code); free(q->f.cell);
        free(q);
    }
release:
    PyBuffer_Release(&walls); PyBuffer_Release(&lengths); PyBuffer_Release(&vertical);
    return result;
}

/* layout(width, height, walls, lengths, vertical) -> (words, bytes_per_state):
 * the 64-bit words a packed state takes, and the bytes a visited state costs
 * at the peak: its key and parent link, and the table just after it doubled
 * (4-byte slots at two thirds of the growth load: it grows by half). */
static PyObject *layout(PyObject *self, PyObject *args) {
    int w, h;
    Py_buffer walls, lengths, vertical;
    if (!PyArg_ParseTuple(args, "iiy*y*y*", &w, &h, &walls, &lengths, &vertical)) return NULL;
    PyObject *result = NULL;
    Frame *f = NULL;
    int n = check_board(w, h, &walls, &lengths, &vertical, 1, 0);
    if (n < 0) goto done;
    f = calloc(1, sizeof(Frame));
    if (!f) { PyErr_NoMemory(); goto done; }
    int made = frame_init(f, w, h, walls.buf, lengths.buf, vertical.buf, n);
    if (made == -2) { PyErr_NoMemory(); goto done; }
    if (made) { PyErr_SetString(PyExc_ValueError, "board too large to pack"); goto done; }
    long per_state = f->units * 4 + 4 + (long)((6 * 1024 + LOAD_NUM - 1) / LOAD_NUM);
    result = Py_BuildValue("il", f->words, per_state);
done:
    if (f) { free(f->code); free(f->cell); free(f); }
    PyBuffer_Release(&walls); PyBuffer_Release(&lengths); PyBuffer_Release(&vertical);
    return result;
}

/* ---- Exhaustive studies (webapp/rotation/studies/study.py) ------------------------
 * study_graph(width, height, walls, lengths, vertical, max_positions)
 *   -> (orientation bytes, cells bytes, successor bytes), or None past
 *      max_positions (0: no bound).
 * Every settled position of the sticks (sorted, equal sticks side by side
 * and interchangeable: their cells kept in increasing order) lying wholly
 * in the interior, orientation by orientation, then any position those
 * lead to; and each one's two turns (L, then R), -1 where a stick falls
 * out. cells: int16 row * width + col per stick; successor: int32 pairs.
 * The Python build (study.py) makes the same graph in the same order. The
 * settled positions are listed bottom up (see Lister below); the turns
 * settle as search() does. A position packs into one 64-bit word (else
 * ValueError: study.py's own build takes it). */

typedef struct {
    uint64_t *keys;    /* packed positions, in the order found */
    int32_t *table;    /* index + 1, 0 empty; open addressing, at most half full */
    size_t count, cap, tcap;
} Nodes;

/* The index of key, added when new; -2 past bound, -3 out of memory. */
static long long nodes_add(Nodes *g, uint64_t key, long long bound) {
    size_t at = (size_t)(hash_key(&key, 1) & (g->tcap - 1));
    int32_t slot;
    while ((slot = g->table[at]) != 0) {
        if (g->keys[slot - 1] == key) return slot - 1;
        at = (at + 1) & (g->tcap - 1);
    }
    if (bound > 0 && (long long)g->count >= bound) return -2;
    if (g->count >= (size_t)INT32_MAX - 1) return -3;
    if (g->count == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 4096;
        uint64_t *k = realloc(g->keys, cap * sizeof *k);
        if (!k) return -3;
        g->keys = k; g->cap = cap;
    }
    g->keys[g->count] = key;
    g->table[at] = (int32_t)(++g->count);
    if (2 * g->count > g->tcap) {
        size_t tcap = 2 * g->tcap;
        int32_t *t = calloc(tcap, sizeof *t);
        if (!t) return -3;
        for (size_t i = 0; i < g->count; i++) {
            size_t a = (size_t)(hash_key(&g->keys[i], 1) & (tcap - 1));
            while (t[a]) a = (a + 1) & (tcap - 1);
            t[a] = (int32_t)(i + 1);
        }
        free(g->table); g->table = t; g->tcap = tcap;
    }
    return (long long)g->count - 1;
}

static inline int same_kind(const Frame *f, int i, int j) {
    return f->len[i] == f->len[j] && f->vert[i] == f->vert[j];
}

/* equal sticks' cells in increasing order: the position's one name */
static void canonical(const Frame *f, int *pos) {
    for (int i = 1; i < f->n; i++)
        for (int j = i; j > 0 && same_kind(f, j, j - 1) && pos[j] < pos[j - 1]; j--) {
            int t = pos[j]; pos[j] = pos[j - 1]; pos[j - 1] = t;
        }
}

/* Listing the settled positions bottom up. A straight stick rests on what
 * lies just below its lowest cells, and whatever lies there reaches lower
 * still; so with the sticks taken in order of their lowest row under gravity
 * (nearest the floor first, then across), every stick's support is placed
 * before it, and a stick is kept only if it rests when it is placed. Only
 * settled positions and their settled parts are ever met: a crowded frame no
 * longer tries every placement of every stick (the listing was most of a
 * 6-stick 7 x 7 study's time). The positions are then sorted into the order
 * of the plain listing (stick by stick, each stick's cells increasing), so
 * the graph is the Python build's, position for position. */
typedef struct {
    const Frame *f;
    uint8_t grid[MAX_SIDE * MAX_SIDE];   /* walls 1, placed sticks 2; row * w + col */
    int types, first[MAX_STICKS], left[MAX_STICKS];   /* kinds of stick: first index, still to place */
    int count[MAX_STICKS];               /* interior placements of each kind */
    int *places[MAX_STICKS];             /* r << 6 | c of each */
    int *order[MAX_STICKS];              /* each placement's rank, bottom up, this orientation */
    int chosen[MAX_STICKS], kind_of[MAX_STICKS];   /* placed so far, in rank order */
    int o;
    int *out;                            /* n cells a position, in the stick order */
    size_t found, cap;
    long long bound, before;             /* positions listed in earlier orientations */
    int failed;                          /* -2 past the bound, -3 no memory */
} Lister;

static const int DR[4] = {1, 0, -1, 0}, DC[4] = {0, 1, 0, -1};

/* bottom-up rank of a placement: lowest row under gravity o first, then across */
static int rank_of(int o, int p, int len, int v) {
    int r = p >> 6, c = p & 63, lr = r + (v ? len - 1 : 0), lc = c + (v ? 0 : len - 1);
    switch (o) {
        case 0: return (MAX_SIDE - lr) << 6 | c;        /* down: the bottom row first */
        case 1: return (MAX_SIDE - lc) << 6 | r;        /* right */
        case 2: return r << 6 | c;                      /* up: the top row first */
        default: return c << 6 | r;                     /* left */
    }
}

static int rests(const Lister *e, int p, int len, int v) {
    const Frame *f = e->f;
    int w = f->w, h = f->h, r = p >> 6, c = p & 63, dr = DR[e->o], dc = DC[e->o];
    for (int t = 0; t < len; t++) {
        int nr = r + (v ? t : 0) + dr, nc = c + (v ? 0 : t) + dc;
        int mine = v ? (nc == c && nr >= r && nr < r + len) : (nr == r && nc >= c && nc < c + len);
        if (!mine && nr >= 0 && nr < h && nc >= 0 && nc < w && e->grid[nr * w + nc]) return 1;
    }
    return 0;
}

static void record(Lister *e) {
    const Frame *f = e->f;
    int n = f->n;
    if (e->bound > 0 && e->before + (long long)e->found >= e->bound) { e->failed = -2; return; }
    if (e->found == e->cap) {
        size_t cap = e->cap ? 2 * e->cap : 4096;
        int *o2 = realloc(e->out, cap * (size_t)n * sizeof *o2);
        if (!o2) { e->failed = -3; return; }
        e->out = o2; e->cap = cap;
    }
    int *row = e->out + e->found * (size_t)n, fill[MAX_STICKS];
    for (int k = 0; k < e->types; k++) fill[k] = e->first[k];
    for (int i = 0; i < n; i++) row[fill[e->kind_of[i]]++] = e->chosen[i];
    canonical(f, row);
    e->found++;
}

static void list_from(Lister *e, int placed, int last_rank) {
    const Frame *f = e->f;
    if (e->failed) return;
    if (placed == f->n) { record(e); return; }
    int w = f->w;
    for (int k = 0; k < e->types; k++) {
        if (!e->left[k]) continue;
        int i = e->first[k], len = f->len[i], v = f->vert[i], step = v ? w : 1;
        for (int q = 0; q < e->count[k]; q++) {
            if (e->order[k][q] <= last_rank) continue;
            int p = e->places[k][q], cell = (p >> 6) * w + (p & 63), free_ = 1;
            for (int t = 0; t < len && free_; t++) free_ = !e->grid[cell + t * step];
            if (!free_ || !rests(e, p, len, v)) continue;
            for (int t = 0; t < len; t++) e->grid[cell + t * step] = 2;
            e->chosen[placed] = p; e->kind_of[placed] = k; e->left[k]--;
            list_from(e, placed + 1, e->order[k][q]);
            e->left[k]++;
            for (int t = 0; t < len; t++) e->grid[cell + t * step] = 0;
            if (e->failed) return;
        }
    }
}

/* e->out's positions in increasing order of (cells of stick 0, 1, ...): a
 * least-significant-first radix sort, a counting pass per stick */
static int sort_listed(Lister *e) {
    int n = e->f->n;
    size_t m = e->found;
    if (m < 2) return 0;
    int *tmp = malloc(m * (size_t)n * sizeof *tmp), *kept = e->out;
    size_t *at = calloc(64 * 64 + 1, sizeof *at);
    if (!tmp || !at) { free(tmp); free(at); return -3; }
    for (int col = n - 1; col >= 0; col--) {
        memset(at, 0, (64 * 64 + 1) * sizeof *at);
        for (size_t k = 0; k < m; k++) at[e->out[k * n + col] + 1]++;
        for (int b = 0; b < 64 * 64; b++) at[b + 1] += at[b];
        for (size_t k = 0; k < m; k++)
            memcpy(tmp + at[e->out[k * n + col]]++ * n, e->out + k * n, sizeof(int) * (size_t)n);
        int *swap = e->out; e->out = tmp; tmp = swap;
    }
    if (e->out != kept) {   /* the sorted copy back where e->cap holds */
        memcpy(kept, e->out, m * (size_t)n * sizeof *kept);
        tmp = e->out; e->out = kept;
    }
    free(tmp); free(at);
    return 0;
}

static PyObject *study_graph(PyObject *self, PyObject *args) {
    int w, h;
    Py_buffer walls, lengths, vertical;
    long long bound;
    if (!PyArg_ParseTuple(args, "iiy*y*y*L", &w, &h, &walls, &lengths, &vertical, &bound))
        return NULL;
    PyObject *result = NULL;
    Frame *f = calloc(1, sizeof(Frame));
    Lister *e = calloc(1, sizeof(Lister));
    Nodes g = {0};
    int32_t *succ = NULL;
    size_t succ_cap = 0;
    int n = check_board(w, h, &walls, &lengths, &vertical, 3, 1), code = 0;
    if (n < 0) goto done;
    if (bound < 0) {
        PyErr_Format(PyExc_ValueError, "max_positions %lld is negative (0: no bound)", bound);
        goto done;
    }
    if (!f || !e) { PyErr_NoMemory(); goto done; }
    int made = frame_init(f, w, h, walls.buf, lengths.buf, vertical.buf, n);
    if (made == -2) { PyErr_NoMemory(); goto done; }
    if (made || f->words != 1) {
        PyErr_SetString(PyExc_ValueError, "a position does not pack into 64 bits");
        goto done;
    }
    const uint8_t *wall = walls.buf;
    for (int c = 0; c < w * h; c++) e->grid[c] = wall[c] ? 1 : 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && same_kind(f, i, i - 1)) { e->left[e->types - 1]++; continue; }
        int k = e->types++, len = f->len[i], v = f->vert[i];
        e->first[k] = i; e->left[k] = 1;
        e->places[k] = malloc(sizeof(int) * (size_t)w * h);
        e->order[k] = malloc(sizeof(int) * (size_t)w * h);
        if (!e->places[k] || !e->order[k]) { PyErr_NoMemory(); goto done; }
        for (int r = 1; r + (v ? len : 1) <= h - 1; r++)
            for (int c = 1; c + (v ? 1 : len) <= w - 1; c++) {
                int ok = 1;
                for (int t = 0; t < len && ok; t++) ok = !wall[(r + (v ? t : 0)) * w + c + (v ? 0 : t)];
                if (ok) e->places[k][e->count[k]++] = r << 6 | c;
            }
    }
    g.tcap = 8192;
    g.table = calloc(g.tcap, sizeof *g.table);
    if (!g.table) { PyErr_NoMemory(); goto done; }
    e->f = f; e->bound = bound;
    Py_BEGIN_ALLOW_THREADS
    for (int o = 0; o < 4 && !e->failed; o++) {
        e->o = o; e->found = 0;
        for (int k = 0; k < e->types; k++) {
            int len = f->len[e->first[k]], v = f->vert[e->first[k]];
            for (int q = 0; q < e->count[k]; q++) e->order[k][q] = rank_of(o, e->places[k][q], len, v);
        }
        list_from(e, 0, -1);
        if (!e->failed) e->failed = sort_listed(e);
        for (size_t k = 0; k < e->found && !e->failed; k++) {
            uint64_t key;
            pack(f, o, e->out + k * (size_t)n, &key, 1);
            long long got = nodes_add(&g, key, bound);
            if (got < 0) e->failed = (int)got;
        }
        e->before += (long long)e->found;
    }
    code = e->failed;
    for (size_t k = 0; k < g.count && !code; k++) {
        if (2 * k + 2 > succ_cap) {
            size_t cap = succ_cap ? 2 * succ_cap : 8192;
            while (cap < 2 * g.count) cap *= 2;
            int32_t *s2 = realloc(succ, cap * sizeof *succ);
            if (!s2) { code = -3; break; }
            succ = s2; succ_cap = cap;
        }
        uint64_t key = g.keys[k], lanes[LANES], work[LANES];
        int pos[MAX_STICKS], cur[MAX_STICKS];
        int o = unpack(f, &key, pos);
        paint(f, pos, o & 1, lanes);
        uint8_t order[MAX_STICKS];
        int live = order_of(f, pos, o & 1, order);
        int lane_count = (o & 1) ? w : h;   /* columns when gravity is about to point down or up */
        for (int mv = 0; mv < 2 && !code; mv++) {
            int o2 = (o + (mv ? 1 : 3)) & 3, any, tout;
            memcpy(cur, pos, sizeof(int) * n);
            memcpy(work, lanes, sizeof(uint64_t) * lane_count);
            settle(f, o2, cur, work, order, live, -1, &any, &tout);
            long long to = -1;
            if (!any) {
                canonical(f, cur);
                uint64_t next;
                pack(f, o2, cur, &next, 1);
                to = nodes_add(&g, next, bound);
                if (to < 0) code = (int)to;
            }
            succ[2 * k + mv] = (int32_t)to;
        }
    }
    Py_END_ALLOW_THREADS
    if (code == -3) { PyErr_NoMemory(); goto done; }
    if (code == -2) { result = Py_None; Py_INCREF(result); goto done; }
    PyObject *ori = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)g.count);
    PyObject *cells = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(g.count * n * sizeof(int16_t)));
    PyObject *edges = PyBytes_FromStringAndSize((const char *)succ,
                                                (Py_ssize_t)(g.count * 2 * sizeof(int32_t)));
    if (ori && cells && edges) {
        uint8_t *op = (uint8_t *)PyBytes_AS_STRING(ori);
        int16_t *cp = (int16_t *)PyBytes_AS_STRING(cells);
        for (size_t k = 0; k < g.count; k++) {
            int pos[MAX_STICKS];
            op[k] = (uint8_t)unpack(f, &g.keys[k], pos);
            for (int i = 0; i < n; i++) cp[k * n + i] = (int16_t)((pos[i] >> 6) * w + (pos[i] & 63));
        }
        result = PyTuple_Pack(3, ori, cells, edges);
    }
    Py_XDECREF(ori); Py_XDECREF(cells); Py_XDECREF(edges);
done:
    if (e) {
        for (int i = 0; i < MAX_STICKS; i++) { free(e->places[i]); free(e->order[i]); }
        free(e->out);
    }
    free(e);
    if (f) { free(f->code); free(f->cell); free(f); }
    free(g.keys); free(g.table); free(succ);
    PyBuffer_Release(&walls); PyBuffer_Release(&lengths); PyBuffer_Release(&vertical);
    return result;
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "Breadth-first search of a rotation puzzle (see native.py)."},
    {"layout", layout, METH_VARARGS, "(words a state packs into, bytes a visited state costs)."},
    {"study_graph", study_graph, METH_VARARGS, "Every settled position and its turns (study.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_rotation",
    "The rotation kind's breadth-first search in C (webapp/rotation/native.py).", -1, methods};

PyMODINIT_FUNC PyInit__rotation(void) { return PyModule_Create(&module); }
