/* smtchan - a covert channel between two processes on sibling hardware contexts (E10): a sender
 * modulates a resource the contexts of a core share, a receiver on a sibling times itself with
 * the cycle counter (rdhwr 2, the only clock it reads) and decodes the bits. Neither reads the
 * other's memory; the receiver never sees the message, it only learns the message's length.
 *   div  the complex ALU: one unit, not pipelined (32 cycles a divide). A 1 is a slot in which the
 *        sender keeps the divider busy; the receiver times a chain of dependent divides, each of
 *        which must wait for the sender's divide in flight.
 *   l1d  L1D prime+probe: a 1 is a slot in which the sender sweeps an L1D-sized buffer, evicting
 *        the lines the receiver primed; the receiver times a walk over its lines, which misses to
 *        the L2 after the sender swept.
 *   issue  the fetch and issue bandwidth the contexts share: a 1 is a slot in which the sender
 *        issues independent ALU instructions as fast as it can, a 0 one in which it waits on a
 *        chain of divides (one instruction in 32 cycles); the receiver times a block of
 *        independent ALU instructions, which gets fewer fetch and issue slots beside a 1.
 *   window the out-of-order core's window: a 1 is a slot in which the sender loads words that
 *        miss to DRAM and puts instructions behind each that need its value, which wait for the
 *        hundred-odd cycles of the miss holding issue-queue and ROB entries and rename
 *        registers; a 0 one in which it waits on a chain of divides, as for issue. The receiver
 *        times the same ALU blocks as for issue: with the window full of the sender's waiting
 *        instructions, its own wait to enter. (The in-order core has no window.)
 *   l2     across cores, for comparison: the sender and the receiver on different cores of a
 *        machine whose cores share the L2 (configs/machines/dual-core.toml, each pinned to a core
 *        by the workload). The receiver owns the first L2_LINES lines of each of RECV_PAGES
 *        pages: more of them per L1D set than the L1D has ways, so a walk over them always misses
 *        its L1D, and hits in the L2. A 1 is a slot in which the sender walks the same lines of
 *        each of the MISSBUF pages, more per L2 set than the L2 has ways whatever colour the
 *        kernel gave each page (the L2's set index takes three bits above the page offset), so
 *        the receiver's lines leave the L2 and its next walk misses to DRAM. The receiver primes
 *        at the start of each slot and probes three quarters in. Core scheduling does not stand
 *        in the way: the two never share a core.
 * Usage: smtchan send|recv div|l1d|issue|window|l2 SEED BITS SLOT [cookie|none]
 * The message is BITS (8..4096) bits of xorshift32 seeded by SEED (analysis/channel.py derives the
 * same ones to score the receiver). Time is cut into slots of SLOT cycles (500..10^6; 0: the
 * channel's default, DIV_SLOT, L1D_SLOT, ISSUE_SLOT or L2_SLOT) on the core's cycle counter, which
 * every context of the core reads alike, and the cores of a machine too (they advance in
 * lock-step): that is the two programs' only agreement, no handshake. In slot k the sender sends
 * bit k mod BITS, for 2 BITS + 16 slots from its start; the receiver measures BITS slots from the
 * next but one after its start, so it has every bit once whenever it starts within BITS slots of
 * the sender. A slot gives it one value: div, issue and window, the mean time of the probes it ran
 * there; l1d, the time of one walk three quarters into the slot (which primes the next slot); l2,
 * the same after a walk at the slot's start that primes it. It calibrates its own threshold (1/16
 * above its quiet values) and prints one line `smtchan recv ...` with the decoded bits in message
 * order, and one with its values. "cookie" gives the process a core-scheduling cookie of its own
 * first (prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE)): two processes with different cookies never
 * run on one core at once, which closes the channels between siblings (not l2's, across cores).
 * The counter's 32 bits wrap after 4.3 G cycles: a run must end before that. */
#include <kasane/cycles.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#define LINE 32               /* the default L1D line (configs: l1d.line) */
#define SENDBUF (32 * 1024)   /* the default L1D size: a sweep turns over every set */
#define RECVBUF (8 * 1024)    /* one line in each of the 256 sets of the default L1D */
/* SLOT 0: the channel's own, on the default machine, where a divide chain takes about 140 cycles
 * alone (500 beside a 1), a probe of the L1D about 1,100 (4,100 after a sweep), and a sweep up to
 * about 6,000: slots of many probes, every bit right (E10's slot table has shorter ones). */
#define DIV_SLOT 4000
#define L1D_SLOT 12000
/* A block of 64 ALU instructions takes about 45 cycles alone: 2,000 cycles are many probes. */
#define ISSUE_SLOT 2000
#define MISSBUF (512 * 1024) /* twice the default L2: a walk over it misses to DRAM */
#define MISS_STRIDE (17 * 64) /* 17 L2 lines: every line of MISSBUF once a lap, no two alike */
/* l2, on the default L2 (256 KiB, 8 ways of 64-byte lines: 512 sets, so a set's index is 6 bits
 * of the page offset and 3 of the page's frame, its colour). Each of the sender's 128 pages puts
 * a line in each of L2_LINES sets of its colour: about 16 a set, twice the ways. The receiver's 16
 * pages put about 2 in each (no more than the L2 holds) and 8 in each L1D set they use (4 ways:
 * the L1D's set index takes 8 bits, bit 12 one of the frame's), so that it misses its L1D. */
#define L2LINE 64
#define L2_LINES 4
#define PAGE 4096
#define RECV_PAGES 16
/* A walk of the receiver's 64 lines takes about 250 cycles from the L2 and 1,700 from DRAM (on
 * the in-order core; its misses overlap little), so a sweep of the sender's 512 about 14,000.
 * Between the prime at a sixteenth of a slot and the probe at three quarters (11,000 cycles) the
 * sender turns over about 10 lines of each L2 set, more than its 8 ways; with slots of 8,000 it
 * evicts too few of the receiver's lines to tell. */
#define L2_SLOT 16000

enum channel { DIV, L1D, ISSUE, WINDOW, L2 };
static const char* const names[] = {"div", "l1d", "issue", "window", "l2"};

/* volatile: every walk is real loads, never folded (the buffers are only ever zero) */
static volatile uint8_t sbuf[SENDBUF] __attribute__((aligned(4096)));
static volatile uint8_t rbuf[RECVBUF] __attribute__((aligned(4096)));
/* In .bss, which the kernel clears when it loads the program: both roles pay for it before they
 * start, so they reach their first slot together. (From malloc, each page's first write faults
 * into the kernel, the two processes' faults queue there, and the roles start a hundred slots
 * apart.) */
static volatile uint32_t mbuf[MISSBUF / 4] __attribute__((aligned(4096)));
static uint32_t values[4096], counts[4096];
static char bits[4097];

static uint32_t now(void) { return (uint32_t)kasane_cycles(); }

/* Bit i of the message of seed s (the same as analysis/channel.py's message()). */
static void message(uint32_t seed, int n, char* out) {
  uint32_t x = seed * 0x9e3779b9u ^ 0x5a17c4a1u;
  if (x == 0) x = 1;
  for (int i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    out[i] = (char)('0' + (x >> 31));
  }
  out[n] = 0;
}

/* A divide whose quotient is read: mflo waits for it. divu with $0 as the destination is the
 * bare instruction (no divide-by-zero check). */
static inline uint32_t divq(uint32_t a, uint32_t b) {
  uint32_t q;
  __asm__ volatile("divu $0, %1, %2\n\tmflo %0" : "=r"(q) : "r"(a), "r"(b) : "hi", "lo");
  return q;
}

/* Eight divides back to back with no read between: each waits at issue for the unit, so the
 * divider is never free for long. */
static inline void div_burst(uint32_t a, uint32_t b) {
  __asm__ volatile(
      "divu $0, %0, %1\n\tdivu $0, %0, %1\n\tdivu $0, %0, %1\n\tdivu $0, %0, %1\n\t"
      "divu $0, %0, %1\n\tdivu $0, %0, %1\n\tdivu $0, %0, %1\n\tdivu $0, %0, %1"
      :
      : "r"(a), "r"(b)
      : "hi", "lo");
}

/* Eight ALU instructions, one on each of eight independent registers. */
#define ALU8                                                                              \
  "addu %0, %0, %8\n\txor %1, %1, %8\n\taddu %2, %2, %8\n\txor %3, %3, %8\n\t"            \
  "addu %4, %4, %8\n\txor %5, %5, %8\n\taddu %6, %6, %8\n\txor %7, %7, %8\n\t"

/* 64 ALU instructions in eight independent chains: as many a cycle as the core will issue. */
static inline uint32_t alu_block(uint32_t k) {
  uint32_t a = k, b = k + 1, c = k + 2, d = k + 3, e = k + 4, f = k + 5, g = k + 6, h = k + 7;
  __asm__ volatile(ALU8 ALU8 ALU8 ALU8 ALU8 ALU8 ALU8 ALU8
                   : "+r"(a), "+r"(b), "+r"(c), "+r"(d), "+r"(e), "+r"(f), "+r"(g), "+r"(h)
                   : "r"(k));
  return a ^ b ^ c ^ d ^ e ^ f ^ g ^ h;
}

static volatile uint32_t sink;

/* Eight lines of the sender's buffer from byte at: eight loads before any use, so their misses
 * overlap (the L1D has MSHRs) and a sweep turns the cache over quickly. */
static inline uint32_t sweep(uint32_t at) {
  uint32_t a = sbuf[at], b = sbuf[at + LINE], c = sbuf[at + 2 * LINE], d = sbuf[at + 3 * LINE],
           e = sbuf[at + 4 * LINE], f = sbuf[at + 5 * LINE], g = sbuf[at + 6 * LINE],
           h = sbuf[at + 7 * LINE];
  return a + b + c + d + e + f + g + h;
}

/* A load that misses to DRAM and sixteen instructions that need its value: they wait in the
 * window for the hundred-odd cycles of the miss. */
static inline uint32_t clog(uint32_t at) {
  uint32_t v = mbuf[at / 4];
  for (int i = 0; i < 8; i++) v ^= v << 3, v += at;
  return v;
}

/* The first L2_LINES L2 lines of MISSBUF's pages pg and pg + 1: eight loads before any use, so
 * that their misses overlap. */
static inline uint32_t l2_pages(uint32_t pg) {
  const volatile uint32_t* p = mbuf + pg * (PAGE / 4);
  const volatile uint32_t* q = p + PAGE / 4;
  uint32_t a = p[0], b = p[L2LINE / 4], c = p[2 * L2LINE / 4], d = p[3 * L2LINE / 4], e = q[0],
           f = q[L2LINE / 4], g = q[2 * L2LINE / 4], h = q[3 * L2LINE / 4];
  return a + b + c + d + e + f + g + h;
}

/* The sender: bit k mod n of msg in every slot k from the next one for 2n + 16 slots. A 0 keeps
 * off what the channel measures: shifts and xors for div (not the complex ALU), multiplies for
 * l1d (no memory, and few issue slots), a chain of divides for issue and window (an instruction
 * in 32 cycles, a few waiting). Its sweep and its walk go on where the last slot's stopped, so
 * that every set and line is turned over in turn. l2's 1 walks its pages as l1d's sweeps. */
static void send(enum channel ch, const char* msg, int n, uint32_t slot) {
  uint32_t first = now() / slot + 1, spin = 1, at = 0;
  while (now() / slot < first) continue;
  for (uint32_t k = first; k < first + 2u * (uint32_t)n + 16u; k++) {
    uint32_t end = (k + 1) * slot;
    int one = msg[k % (uint32_t)n] == '1';
    while ((int32_t)(now() - end) < 0) {
      if (!one && ch == DIV) {
        for (int i = 0; i < 16; i++) spin ^= spin << 13, spin ^= spin >> 17, spin ^= spin << 5;
      } else if (!one && (ch == L1D || ch == L2)) {
        for (int i = 0; i < 16; i++) spin = spin * 1664525u + 1013904223u;
      } else if (!one) {
        spin = divq(0xfffffff0u - spin, (spin & 7) | 3);
      } else if (ch == DIV) {
        div_burst(0xfffffff0u, 7);
      } else if (ch == L1D) {
        spin += sweep(at);
        at = (at + 8 * LINE) % SENDBUF;
      } else if (ch == L2) {
        spin += l2_pages(at);
        at = (at + 2) % (MISSBUF / PAGE);
      } else if (ch == ISSUE) {
        spin += alu_block(spin);
      } else {
        for (int i = 0; i < 8; i++, at = (at + MISS_STRIDE) % MISSBUF) spin += clog(at);
      }
    }
  }
  sink = spin;
  printf("smtchan send first=%u slots=%u\n", first, 2u * (uint32_t)n + 16u);
}

/* One probe, its cycles: a chain of 4 dependent divides, a walk over the primed lines (the L1D's,
 * or the L2's), or a block of 64 independent ALU instructions. */
static uint32_t probe(enum channel ch) {
  uint32_t t0 = now(), x = 5;
  if (ch == DIV) {
    for (int i = 0; i < 4; i++) x = divq(0xfffffff0u - x, (x & 7) | 3);
  } else if (ch == L1D) {
    for (int i = 0; i < RECVBUF; i += LINE) x += rbuf[i];
  } else if (ch == L2) {
    for (uint32_t pg = 0; pg < RECV_PAGES; pg += 2) x += l2_pages(pg);
  } else { /* issue, window */
    x = alu_block(t0);
  }
  uint32_t t = now() - t0;
  sink = x;
  return t;
}

/* The threshold between quiet slots and slots the sender disturbed: 1/16 above the quiet level,
 * which is the value an eighth of the way up the sorted values (about half the bits are 0, so
 * it is a quiet slot's). Values of 0, slots the receiver did not run in, are left out. Two-means
 * would split a channel whose disturbed slots come at two levels (an L1D sweep that finished or
 * not) between those two. */
static uint32_t threshold(int n) {
  static uint32_t sorted[4096];
  int m = 0;
  for (int i = 0; i < n; i++) {
    if (!counts[i]) continue;
    int j = m++;
    for (; j > 0 && sorted[j - 1] > values[i]; j--) sorted[j] = sorted[j - 1];
    sorted[j] = values[i];
  }
  if (m == 0) return 0;
  uint32_t quiet = sorted[m / 8];
  return quiet + quiet / 16;
}

/* The receiver: n slots from the next but one, a value each (4 x the mean cycles of the probes it
 * began there), decoded against its own threshold. A slot it began no probe in (it did not run,
 * or a probe of an earlier slot took it all) decodes as 0. */
static void recv(enum channel ch, int n, uint32_t slot, uint32_t seed) {
  probe(ch); /* prime: the lines are the receiver's, the code warm */
  uint32_t first = now() / slot + 2, missed = 0, t_start, t_end;
  while (now() / slot < first) continue;
  t_start = now();
  for (uint32_t k = first; k < first + (uint32_t)n; k++) {
    uint32_t end = (k + 1) * slot - slot / 16, sum = 0, cnt = 0;
    if (ch == L1D || ch == L2) { /* prime+probe: one probe three quarters through the slot; it
                                  * primes the next (l2: a walk at the slot's start primes it,
                                  * as the sender may have swept since the last probe) */
      if (ch == L2) {
        while ((int32_t)(now() - (k * slot + slot / 16)) < 0) continue;
        probe(ch);
      }
      while ((int32_t)(now() - (k * slot + slot / 4 * 3)) < 0) continue;
      if ((int32_t)(now() - end) < 0) sum = probe(ch), cnt = 1;
    } else { /* contention: probes all the slot long but its first sixteenth, when the sender
              * may still be finishing the last slot's divides */
      while ((int32_t)(now() - (k * slot + slot / 16)) < 0) continue;
      while ((int32_t)(now() - end) < 0) {
        sum += probe(ch);
        cnt++;
      }
    }
    uint32_t i = k % (uint32_t)n;
    values[i] = cnt ? 4 * sum / cnt : 0;
    counts[i] = cnt;
    missed += cnt == 0;
    while (now() / slot <= k) continue;
  }
  t_end = now();
  uint32_t t = threshold(n);
  for (int i = 0; i < n; i++) bits[i] = counts[i] && values[i] > t ? '1' : '0';
  bits[n] = 0;
  printf("smtchan recv channel=%s seed=%u bits=%d slot=%u first=%u cycles=%u threshold=%u "
         "missed=%u decoded=%s\n",
         names[ch], seed, n, slot, first, t_end - t_start, t, missed, bits);
  printf("smtchan values");
  for (int i = 0; i < n; i++) printf(" %u", values[i]);
  printf("\n");
}

static int usage(const char* why) {
  fprintf(stderr,
          "smtchan: %s\n"
          "usage: smtchan send|recv div|l1d|issue|window|l2 SEED BITS SLOT [cookie|none]\n",
          why);
  return 64;
}

/* A whole number in [lo, hi], or -1. */
static long number(const char* s, long lo, long hi) {
  char* end;
  long v = strtol(s, &end, 10);
  return *s && !*end && v >= lo && v <= hi ? v : -1;
}

int main(int argc, char** argv) {
  if (argc < 6 || argc > 7) return usage("wrong number of arguments");
  int sender = strcmp(argv[1], "send") == 0;
  if (!sender && strcmp(argv[1], "recv") != 0) return usage("the role is send or recv");
  enum channel ch = DIV;
  while (ch <= L2 && strcmp(argv[2], names[ch]) != 0) ch++;
  if (ch > L2) return usage("the channel is div, l1d, issue, window or l2");
  static const long slots[] = {DIV_SLOT, L1D_SLOT, ISSUE_SLOT, ISSUE_SLOT, L2_SLOT};
  long seed = number(argv[3], 0, 0x7fffffff), n = number(argv[4], 8, 4096),
       slot = strcmp(argv[5], "0") == 0 ? slots[ch] : number(argv[5], 500, 1000000);
  if (seed < 0) return usage("SEED is a whole number from 0");
  if (n < 0) return usage("BITS is a whole number from 8 to 4096");
  if (slot < 0) return usage("SLOT is 0 or a whole number of cycles from 500 to 1000000");
  if (argc == 7 && strcmp(argv[6], "cookie") != 0 && strcmp(argv[6], "none") != 0)
    return usage("the last argument is cookie or none");
  if (argc == 7 && strcmp(argv[6], "cookie") == 0) {
    if (prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 0, PIDTYPE_TGID, 0) != 0) {
      perror("smtchan: prctl(PR_SCHED_CORE_CREATE)");
      return 1;
    }
  }
  if (sender) {
    static char msg[4097];
    message((uint32_t)seed, (int)n, msg);
    send(ch, msg, (int)n, (uint32_t)slot);
  } else {
    recv(ch, (int)n, (uint32_t)slot, (uint32_t)seed);
  }
  return 0;
}
