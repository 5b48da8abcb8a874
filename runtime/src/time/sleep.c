/* sleep, usleep - nanosleep in seconds and microseconds. Cancellation points when the thread
 * library is linked (its __testcancel, a weak reference here): a pending cancellation is acted on
 * before the sleep and after it; the sleep itself, in the kernel, is not cut short. */
#include <time.h>
#include <unistd.h>

void __testcancel(void) __attribute__((weak));

static int sleep_for(struct timespec* ts) {
  if (__testcancel) __testcancel();
  int r = nanosleep(ts, ts);
  if (__testcancel) __testcancel();
  return r;
}

unsigned sleep(unsigned seconds) {
  struct timespec ts = {(time_t)seconds, 0};
  /* Interrupted: the whole seconds left, truncated as musl and glibc count them. */
  if (sleep_for(&ts)) return (unsigned)ts.tv_sec;
  return 0;
}

int usleep(useconds_t usec) {
  struct timespec ts = {(time_t)(usec / 1000000), (long)(usec % 1000000) * 1000};
  return sleep_for(&ts);
}
