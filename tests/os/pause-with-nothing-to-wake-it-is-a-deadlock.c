/* pause-with-nothing-to-wake-it-is-a-deadlock - a process that pauses with no timer armed and
 * nobody to signal it waits for ever: the simulator sees every context waiting with nothing
 * scheduled to wake one, and reports a guest deadlock (status 71) instead of running on.
 * Expect: status 71
 * Stderr: guest deadlock */
#include <stdio.h>
#include <unistd.h>

int main(void) {
  puts("pausing");
  fflush(stdout);
  pause();
  puts("woken"); /* never */
  return 0;
}
