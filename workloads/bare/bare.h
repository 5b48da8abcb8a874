/* What bare-metal workloads need: the console, a barrier and an atomic add built on LL/SC, and
 * the cycle counter. They run in kernel mode in kseg0, so devices are reached through kseg1. */
#ifndef BARE_H
#define BARE_H

#include <kasane/devices.h>
#include <kasane/kasane_isa.h>
#include <kasane/platform.h>
#include <stdint.h>

#define BARE_IO(pa) ((volatile uint32_t*)(0xa0000000u + (pa)))

static inline void bare_puts(const char* s) {
  while (*s) *BARE_IO(KASANE_UART_BASE + KASANE_UART_TX) = (uint8_t)*s++;
}

/* Print an unsigned number in decimal. */
static inline void bare_putu(uint32_t v) {
  char buf[12];
  int i = 11;
  buf[i] = 0;
  do buf[--i] = (char)('0' + v % 10); while ((v /= 10) != 0);
  bare_puts(buf + i);
}

/* *p += v atomically (LL/SC); returns the new value. */
static inline uint32_t atomic_add(volatile uint32_t* p, uint32_t v) {
  uint32_t old, tmp;
  __asm__ volatile(
      "1: ll %0, %2\n"
      "   addu %1, %0, %3\n"
      "   sc %1, %2\n"
      "   beqz %1, 1b\n"
      "   nop\n"
      : "=&r"(old), "=&r"(tmp), "+m"(*p)
      : "r"(v)
      : "memory");
  return old + v;
}

/* Wait until `n` contexts have arrived; `count` counts arrivals and must start at 0, and each
 * barrier use needs its own counter (no reset, no reuse: simple and enough here). */
static inline void barrier(volatile uint32_t* count, uint32_t n) {
  atomic_add(count, 1);
  while (*count < n) {
  }
}

/* Start fn(arg) on a free hardware context with TFORK; returns its LTN, 0 if none is free.
 * `start` must stay valid until the new context has read it. */
struct thread_start {
  void (*fn)(uint32_t);
  uint32_t arg;
};
void kasane_thread_start(void);
static inline uint32_t spawn(struct thread_start* start) {
  return (uint32_t)kasane_tfork((unsigned long)kasane_thread_start, (unsigned long)start);
}

/* The core's die temperature in millidegrees Celsius, from the sensor. */
static inline uint32_t sensor_millicelsius(void) {
  return *BARE_IO(KASANE_SENSOR_BASE + KASANE_SENSOR_TEMP);
}

#endif /* BARE_H */
