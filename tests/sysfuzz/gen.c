/* gen.c - the fuzzer's argument generators, one per type of os/gen_sysfuzz.py. Each mixes values a
 * handler must accept (an open fd, a buffer in memory) with the edges where kernels break: the
 * last byte before an unmapped page, a length that runs past it, kernel addresses, NULL, closed and
 * out-of-range descriptors, every flag bit, sizes around page boundaries and huge ones.
 *
 * Values that end a worker (unmapping its own arena, killing a sibling) are made rarely rather
 * than never, so most workers live long enough to make many calls. Left out, each with its
 * reason below, are only what would end or stall the fuzzer rather than test the kernel: the
 * supervisor's pid, stderr (fd 2, the call log), and sleeps longer than 100 us. */
#include <unistd.h>

#include "sysfuzz.h"

#define KSEG0 0x80000000u
#define NSIG_LINUX 128
/* Free user addresses far from the program, its heap and its stack (the program is linked low,
 * the stack is at the top of kuseg): munmap and MAP_FIXED may take them without hurting the
 * fuzzer itself. */
#define FAR 0x40000000u

uint32_t rnd(struct rng* r) {
  uint32_t x = r->s;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return r->s = x;
}

uint32_t rndn(struct rng* r, uint32_t n) { return n ? rnd(r) % n : 0; }

uint32_t mix(uint32_t a, uint32_t b) {
  uint32_t x = a * 0x9e3779b1u ^ (b + 0x7f4a7c15u) * 0x85ebca6bu;
  x ^= x >> 15;
  x *= 0xc2b2ae35u;
  x ^= x >> 13;
  return x ? x : 1; /* xorshift's one forbidden state */
}

static uint32_t pick(struct rng* r, const uint32_t* v, uint32_t n) { return v[rndn(r, n)]; }
#define PICK(r, ...) \
  pick(r, (const uint32_t[]){__VA_ARGS__}, sizeof((const uint32_t[]){__VA_ARGS__}) / 4)

static uint32_t arena_end(struct fz* f) { return (uint32_t)f->arena + ARENA_PAGES * PAGE; }

/* A pointer for the kernel to read or write: mostly into the arena (its start, anywhere, just
 * before the unmapped page), else NULL, unmapped, unaligned or a kernel address. */
static uint32_t gen_pointer(struct fz* f, uint32_t room) {
  uint32_t a = (uint32_t)f->arena, end = arena_end(f);
  switch (rndn(&f->rng, 10)) {
  case 0: case 1: case 2: return a + rndn(&f->rng, ARENA_PAGES * PAGE / 4) * 4;
  case 3: return a;
  case 4: return end - 1 - rndn(&f->rng, room ? room : 1); /* the last bytes before the hole */
  case 5: return end - rndn(&f->rng, 8);                   /* straddles it */
  case 6: return 0;
  case 7: return PICK(&f->rng, KSEG0, KSEG0 + 0x1000, 0xa0000000u, 0xbfc00000u, 0xfffff000u, ~0u);
  case 8: return end + rndn(&f->rng, 4) * PAGE;            /* the unmapped page, or beyond */
  default: return a + rndn(&f->rng, ARENA_PAGES * PAGE) ; /* unaligned */
  }
}

/* Names on the fuzzer's disk (scripts/sysfuzz.py makes it with f0, d0/f1, d0/d1 and links l0 ->
 * d0, l1 -> l1 on it), and around it: the calls that make, move and remove names collide on these
 * from every worker at once, and the synthetic files are walked too. */
static const char* const disknames[] = {
    "f0", "f1", "f2", "d0", "d0/f1", "d0/f3", "d0/d1", "d0/d1/f2", "d0/d1/", "d2", "d2/d3",
    "l0", "l0/f1", "l1", "l2", "./d0//f1", "/f0", "/d0/d1/..", "d0/../f2", "..", ".",
    "f0/x", "/proc/self/maps", "/proc/self/exe", "/dev/null", "/dev/zero", "/proc",
    "/sys/devices/system/cpu/online", "/proc/1/stat", "/proc/self/cmdline"};

/* A path. Valid ones: this program's own name (spawn and stat find it), "/", "", the disk's
 * names above. Then a missing one, one longer than a name may be (255 bytes), one whose bytes run
 * into the unmapped page with no NUL, and bad pointers. */
static uint32_t gen_path(struct fz* f) {
  uint8_t* end = (uint8_t*)arena_end(f);
  if (rndn(&f->rng, 3) == 0)
    return (uint32_t)disknames[rndn(&f->rng, sizeof disknames / sizeof disknames[0])];
  switch (rndn(&f->rng, 9)) {
  case 0: case 1: return (uint32_t)f->argv0;
  case 2: return (uint32_t) "/";
  case 3: return (uint32_t) "";
  case 4: return (uint32_t) "no/such/file";
  case 5: {
    /* 260 bytes, NUL-terminated, a little before the hole: a name past ext2's 255 */
    uint8_t* p = end - 300;
    for (int i = 0; i < 260; i++) p[i] = 'a' + i % 26;
    p[260] = 0;
    return (uint32_t)p;
  }
  case 6: {
    uint32_t n = 1 + rndn(&f->rng, 140); /* no NUL before the unmapped page */
    for (uint32_t i = 1; i <= n; i++) end[-(int)i] = 'x';
    return (uint32_t)(end - n);
  }
  default: return gen_pointer(f, 16);
  }
}

/* A string vector: NULL-terminated in the arena, or one that runs into the hole, or a bad
 * pointer. The strings never name a mode of main.c, so a spawned copy exits at once. */
static uint32_t gen_argv(struct fz* f) {
  static const char* const pool[] = {"sysfuzz-spawned", "", "x=1", "--", "a long argument"};
  uint32_t* end = (uint32_t*)arena_end(f);
  uint32_t n = rndn(&f->rng, 5);
  switch (rndn(&f->rng, 4)) {
  case 0: case 1: {
    uint32_t* v = end - 64 - rndn(&f->rng, 64);
    for (uint32_t i = 0; i < n; i++) v[i] = (uint32_t)pool[rndn(&f->rng, 5)];
    v[n] = rndn(&f->rng, 8) ? 0 : gen_pointer(f, 4); /* sometimes a bad string */
    if (v[n]) v[n + 1] = 0;
    return (uint32_t)v;
  }
  case 2: { /* no NULL before the hole */
    uint32_t* v = end - n - 1;
    for (uint32_t i = 0; i <= n; i++) v[i] = (uint32_t)pool[0];
    return (uint32_t)v;
  }
  default: return gen_pointer(f, 8);
  }
}

/* A struct timespec. Only short times (at most 100 us; 999999999 ns would be a second, ~10^9
 * cycles, past the driver's hang budget): the fuzzer must keep moving, and a sleep the program
 * asked for is no hang. So seconds are 0 or -1 (the EINVAL path; tests/os checks long sleeps),
 * the struct is the fuzzer's own (another thread's call could overwrite one in the arena), and a
 * pointer is always one the kernel cannot read. Not the page after the hole: mmap places regions
 * downwards, so it is often the start of another arena or victim region, and the noise there
 * made a nanosleep of hours (seed 10057). */
static uint32_t gen_time(struct fz* f) {
  if (rndn(&f->rng, 5) == 0) {
    uint32_t end = arena_end(f);
    return PICK(&f->rng, 0, KSEG0, 0xbfc00000u, ~0u - 3, end, end + 1,
                end - 1 - rndn(&f->rng, 7)); /* straddles the unmapped page */
  }
  int32_t* t = f->ts;
  t[0] = (int32_t)PICK(&f->rng, 0, 0, 0, ~0u);
  t[1] = (int32_t)PICK(&f->rng, 0, 1, 1000, 100000, 1000000000, ~0u);
  return (uint32_t)t;
}

/* A bounded wait for poll, select and their kin (a wait with no limit on nothing ready would
 * never end, as pause, which the fuzzer skips): a timespec that is a timeval too. */
static uint32_t gen_timeout(struct fz* f) {
  int32_t* t = f->ts;
  t[0] = 0;
  t[1] = (int32_t)PICK(&f->rng, 0, 1, 1000);
  return (uint32_t)t;
}

static uint32_t gen_size(struct fz* f, uint32_t buf) {
  uint32_t end = arena_end(f);
  if (buf >= (uint32_t)f->arena && buf < end && rndn(&f->rng, 3) == 0)
    return end - buf + rndn(&f->rng, 2); /* exactly to the hole, or one byte into it */
  return PICK(&f->rng, 0, 1, 2, 16, 255, PAGE - 1, PAGE, PAGE + 1, 2 * PAGE, ARENA_PAGES * PAGE,
              64 * 1024, 0x7fffffffu, 0x80000000u, ~0u, rndn(&f->rng, 512), rndn(&f->rng, 65536));
}

static uint32_t gen_fd(struct fz* f) {
  /* Never 2: stderr carries the call log (log.c), so close and dup2 must leave it alone. */
  if (f->nfds && rndn(&f->rng, 2)) return (uint32_t)f->fds[rndn(&f->rng, f->nfds)];
  return PICK(&f->rng, 0, 1, 3, 15, 16, 17, 1000, ~0u, 0x80000000u, 0xffffff9cu /* AT_FDCWD */);
}

/* A process id: the caller, its last child, a sibling, none, 0, negative, huge. Pids are handed
 * out in order (os/proc.c), so the pids next to the caller's are the other workers of its round,
 * their children, or, from a `one` child, the worker that waits for it: a kill of one of them
 * leaves orphans for the kernel to reap and may end a worker whose TFORK thread still runs. Never
 * the supervisor: the run ends with it, and the leak check with it. */
static uint32_t gen_sibling(struct fz* f) {
  int32_t me = (int32_t)getpid(), p = me + (int32_t)rndn(&f->rng, 9) - 4;
  return (uint32_t)(p == me || p == f->boss || p <= 0 ? me + 1 : p);
}

static uint32_t gen_pid(struct fz* f) {
  if (rndn(&f->rng, 4) == 0) return gen_sibling(f);
  return PICK(&f->rng, (uint32_t)getpid(), (uint32_t)getpid(), (uint32_t)f->lastchild, 0, ~0u,
              1000 + rndn(&f->rng, 1000), 0x80000000u);
}

/* An address for munmap, mmap and brk: mostly in the victim region or far from everything, at
 * times the arena (1 in 8). The generators write paths and vectors into the arena, so a worker
 * whose arena was unmapped or replaced faults soon after and dies, with its TFORK thread perhaps
 * still running: the kernel must end it cleanly. Rare, so that most workers live to make many
 * calls. */
static uint32_t gen_addr(struct fz* f) {
  uint32_t a = (uint32_t)f->victim, r = (uint32_t)f->arena;
  if (rndn(&f->rng, 8) == 0)
    return PICK(&f->rng, r, r + rndn(&f->rng, ARENA_PAGES) * PAGE, arena_end(f) - PAGE,
                arena_end(f), r + 1);
  return PICK(&f->rng, 0, a, a + PAGE, a + rndn(&f->rng, VICTIM_PAGES) * PAGE,
              a + VICTIM_PAGES * PAGE, a + 1, FAR, FAR + rndn(&f->rng, 256) * PAGE, FAR + 123, KSEG0, KSEG0 - PAGE,
              0xfffff000u);
}

/* kasane_ctx_spawn's pc: the new context runs garbage or kernel code and takes an exception. */
static uint32_t gen_code(struct fz* f) {
  return PICK(&f->rng, 0, 1, (uint32_t)f->arena, KSEG0 + 0x180, 0xbfc00000u, rnd(&f->rng));
}

uint32_t gen_arg(struct fz* f, int t, uint32_t* prev_buf) {
  struct rng* r = &f->rng;
  switch (t) {
  case FZ_SMALL: return rndn(r, 8) ? rndn(r, 8) : PICK(r, ~0u, 16, 255, rnd(r));
  case FZ_FD: return gen_fd(f);
  case FZ_PATH: return gen_path(f);
  case FZ_FLAGS: return PICK(r, 0, 1u << rndn(r, 32), ~0u, rnd(r), 3, 0x802, 0x102, 0x1, 0x80000);
  case FZ_SIG: return rndn(r, 4) ? rndn(r, NSIG_LINUX + 2) : PICK(r, ~0u, 0x80000001u, 33);
  case FZ_PID: return gen_pid(f);
  case FZ_SIZE: return gen_size(f, *prev_buf);
  case FZ_ADDR: return gen_addr(f);
  case FZ_BUF: return *prev_buf = gen_pointer(f, 64);
  case FZ_PTR: return gen_pointer(f, 64);
  case FZ_ARGV: return gen_argv(f);
  case FZ_TIME: return gen_time(f);
  case FZ_CODE: return gen_code(f);
  case FZ_TIMEOUT: return gen_timeout(f);
  case FZ_MS: return rndn(r, 3);
  default: return PICK(r, 0, 1, ~0u, 0x7fffffffu, 0x80000000u, rnd(r), rndn(r, 64));
  }
}

void fz_note_fd(struct fz* f, int fd) {
  if (fd < 0 || fd == 2) return;
  for (int i = 0; i < f->nfds; i++)
    if (f->fds[i] == fd) return;
  if (f->nfds < MAXFDS) f->fds[f->nfds++] = fd;
}
