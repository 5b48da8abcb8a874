/* sleep, usleep - nanosleep in seconds and microseconds. */
#include <time.h>
#include <unistd.h>

unsigned sleep(unsigned seconds) {
  struct timespec ts = {(time_t)seconds, 0};
  /* Interrupted: the whole seconds left, truncated as musl and glibc count them. */
  if (nanosleep(&ts, &ts)) return (unsigned)ts.tv_sec;
  return 0;
}

int usleep(useconds_t usec) {
  struct timespec ts = {(time_t)(usec / 1000000), (long)(usec % 1000000) * 1000};
  return nanosleep(&ts, &ts);
}
