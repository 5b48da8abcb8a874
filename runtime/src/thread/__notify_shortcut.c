/* __notify_shortcut - the completion-before-block shortcut (KASANE_NOTIFY_SHORTCUT, os/README.md),
 * chosen by the environment at start: KASANE_NOTIFY_SHORTCUT=N (kasane-sim --env) with N > 0 asks
 * the kernel to wait up to N cycles on the context for a call that must wait before it raises
 * BLOCKED; a call that ends by then raises no event at all. Unset, 0 or not a number: off, every
 * wait is notified. Both backends register through here, so the knob means the same for each. */
#include <stdlib.h>

#include "pthread_impl.h"

void __notify_shortcut(struct kasane_notify_reg* reg) {
  const char* s = getenv("KASANE_NOTIFY_SHORTCUT");
  long n = s ? strtol(s, 0, 0) : 0;
  if (n <= 0) return;
  reg->flags |= KASANE_NOTIFY_SHORTCUT;
  reg->shortcut_cycles = (uint32_t)n;
}
