/* runtime/src/thread/pthread_wait.h - how a context of the thread library sleeps and is woken
 * (hw: TSUSPEND/TRESUME on one core, MWAIT on a wake word on context 0 and on several cores;
 * conventional: spin, sched_yield, then MWAIT), the one place both backends' waits and wakes go
 * through. Part of pthread_impl.h, which includes it at its end; not included on its own. */
#ifndef KASANE_PTHREAD_WAIT_H
#define KASANE_PTHREAD_WAIT_H

/* What a wait waits for, looked at on every round of the conventional backend's spin (hw sleeps
 * instead): true once the wait may end (the lock looks free, a thread is ready, ...). Called
 * without the lock. */
typedef int (*__conv_done_fn)(const void* arg);

/* Sleeping on a context, and waking it. Callers loop: a wake-up may be spurious.
 *
 *   since = kasane_cycles();
 *   loop: seen = __wait_prepare(idx); ...look at what they wait for...;
 *         if (__wait_ctx(idx, seen, since, done, arg)) __kernel_check();
 *
 * hw: tsuspend, and __wake_ctx tresumes; a tresume that comes before the tsuspend leaves a token,
 * so it is never lost. But user code may not tresume context 0 (LTN 1): the kernel keeps it out
 * of TMask, which tresume obeys, and an illegal target traps as if context 0 had texited. There
 * the sleeper MWAITs on __ctx0_wake, a counter the waker increments: MONITOR armed after reading
 * `seen`, and MWAIT only if the counter still equals it, is the same never-lost guarantee. (A
 * trap between MONITOR and MWAIT may re-arm the monitor on a line of the kernel's, whose idle
 * waits use MONITOR too; the kernel then returns with the monitor triggered, so the MWAIT ends at
 * once and the caller looks again: os/sched.c, waitkick.)
 * Conventional: the sleeper spins, looking at done(arg) (what the caller's loop looks at), and
 * calls sched_yield now and then (__conv_pause): short waits, such as a lock handed over or a
 * thread just created, are seen at once. A wait that has lasted CONV_NAP_AFTER cycles (`since`
 * is when it began) sleeps instead (__ctx_nap: MWAIT on the context's kick word, which
 * __wake_ctx and dispatch store to), as an idle kernel thread of a user-level thread library
 * would block in the kernel: polling for ever would keep every context busy, and the simulator
 * from skipping idle time, through a long wait for the disk or a sleep. MWAIT is the thread
 * extension's, but no more than x86's user-mode UMONITOR/UMWAIT: the backend still creates,
 * switches and wakes threads without tfork, tsuspend or tresume.
 * Both: a long MWAIT with no deadline ends after NAP_CAP cycles at the latest; the sleeper then
 * enters the kernel (__kernel_check) and looks again. */
extern volatile int __ctx0_wake;
/* hw on several cores: per CPU number, the counter its sleeper MWAITs on. TRESUME names an LTN of
 * the caller's own core, so a waker on another core could not reach the sleeper with it: on a
 * machine of several cores every sleeper MWAITs on its word, as context 0 does on one core. */
extern struct __kick __cpu_wake[NCTX];

/* A system call that does nothing, for what the kernel does on every way back to user mode:
 * deliver queued notifications. The kernel interrupts one context in user code when it queues an
 * UNBLOCKED; if that context is in a moment where it cannot take it (hw: its ThMB slot is 0,
 * starting or leaving with texit; conventional: SIGIO is blocked), the event stays queued until
 * some context next enters the kernel. A sleeper that slept a whole NAP_CAP makes sure that
 * happens. */
static inline void __kernel_check(void) {
  extern int sched_yield(void);
  sched_yield();
}

#ifdef KASANE_THREADS_CONV
/* One round of a conventional wait: spin a while, looking at what we wait for on every round,
 * then sched_yield if it has not come. Entering the kernel on every round would have every
 * waiting context fight for the kernel's one lock, which in lockstep can starve the context that
 * has work; the spin is a little longer on each context so that they fall out of step. The look
 * on every round is what a spin-then-yield lock of a real library does (test-and-test-and-set):
 * a spin that did not look would see a release only after the whole spin and a system call,
 * some 10,000 cycles at memory latency 18 for a lock held 200 (README, "Why the stack's
 * position moved E1"). */
static inline void __conv_pause(__conv_done_fn done, const void* arg) {
  extern int sched_yield(void);
  for (int i = CONV_SPIN + CONV_SPIN_SKEW * __ctx_idx(); i > 0; i--) {
    if (done(arg)) return;
    a_spin();
  }
  sched_yield();
}

/* __conv_done_fn for a word that must become 0 (a lock): arg is the word. */
static inline int __conv_word_clear(const void* arg) { return *(const volatile int*)arg == 0; }
#endif

static inline int __wait_prepare(int idx) {
  (void)idx;
#ifdef KASANE_THREADS_HW
  if (__multicore) {
    int seen = __cpu_wake[idx].word;
    kasane_monitor((unsigned long)&__cpu_wake[idx].word);
    return seen;
  }
  if (__cpu_ltn(idx) == 1) {
    int seen = __ctx0_wake;
    kasane_monitor((unsigned long)&__ctx0_wake);
    return seen;
  }
#endif
  return 0;
}

/* The wait itself. 1 when it slept a whole NAP_CAP: the caller should enter the kernel once
 * (__kernel_check) before it looks again; else 0. The caller makes that call, so that on hw this
 * makes none and a sleeper's loop can be a leaf (__block.c). */
static inline int __wait_ctx(int idx, int seen, unsigned long since, __conv_done_fn done,
                             const void* arg) {
#ifdef KASANE_THREADS_HW
  (void)since, (void)done, (void)arg;
  if (__multicore)
    return __cpu_wake[idx].word == seen && kasane_mwait(NAP_CAP, 0) == MWAIT_TIMEOUT;
  if (__cpu_ltn(idx) != 1) {
    kasane_tsuspend();
    return 0;
  }
  return __ctx0_wake == seen && kasane_mwait(NAP_CAP, 0) == MWAIT_TIMEOUT;
#else
  (void)seen;
  if (kasane_cycles() - since < CONV_NAP_AFTER)
    __conv_pause(done, arg);
  else
    __ctx_nap(idx, -1, done, arg);
  return 0;
#endif
}

/* Wake the context of CPU number n - 1 (a thread's `ltn` field). */
static inline __attribute__((always_inline)) void __wake_ctx(int n) {
#ifdef KASANE_THREADS_HW
  int ltn = __cpu_ltn(n - 1);
  if (__builtin_expect(__multicore, 0))
    a_add_fetch(&__cpu_wake[n - 1].word, 1);
  else if (ltn == 1)
    a_add_fetch(&__ctx0_wake, 1);
  else
    kasane_tresume((unsigned long)ltn);
#else
  __ctx_kick[n - 1].word = 1; /* ends its __ctx_nap, if it has got that far */
#endif
}

#endif /* KASANE_PTHREAD_WAIT_H */
