/* ctx_sleep.h - sleeping a context on a word until another context (of any core) writes it:
 * the MONITOR, recheck, MWAIT idiom every runtime uses for its locks, idle workers and exits.
 *
 * MONITOR arms the line of the word; a store to that line by any context of any core (or a
 * timeout, or an interrupt) ends the MWAIT that follows. The recheck between the two is what
 * makes the wait safe: a store after the caller's last look but before the MONITOR would
 * otherwise leave MWAIT asleep until its timeout or for good. MONITOR and MWAIT are "memory"
 * clobbers, so the compiler keeps the recheck's load between them. A wake-up may be spurious
 * (another word on the line, an interrupt): callers loop. */
#ifndef KASANE_CTX_SLEEP_H
#define KASANE_CTX_SLEEP_H

#include <kasane/kasane_isa.h>

/* One round: sleep (at most `cycles`, 0: no limit) unless *w is already 0 after arming. For a
 * lock word, or any "still busy" flag, that the waiter looks at again afterwards. */
static inline void __ctx_sleep_while_set(volatile int* w, unsigned long cycles) {
  kasane_monitor((unsigned long)w);
  if (*w) kasane_mwait(cycles, 0);
}

/* Sleep until *w is not 0, with no time limit: for a word stored once, such as a context's
 * `exited` just before its TEXIT. No acquire: the caller orders what it reads next. */
static inline void __ctx_sleep_until_set(volatile unsigned long* w) {
  for (;;) {
    kasane_monitor((unsigned long)w);
    if (*w) break;
    kasane_mwait(0, 0);
  }
}

#endif /* KASANE_CTX_SLEEP_H */
