/* An inter-processor interrupt: the last CPU unmasks IP3 (interrupts stay disabled, Status.IE 0)
 * and waits in WAIT, which any pending unmasked interrupt ends. CPU 0 raises that CPU's line
 * through the IPI device. The woken CPU must see Cause.IP3 and its PENDING bit, clear its line,
 * and then see both gone. */
#include "smp.h"

#define IPI(reg) BARE_IO(KASANE_IPI_BASE + (reg))
#define CAUSE_IP3 (1u << (8 + KASANE_IPI_IRQ_LINE))

static volatile uint32_t waiting, checked, failures;

static inline uint32_t cause(void) {
  uint32_t v;
  __asm__ volatile("mfc0 %0, $13" : "=r"(v));
  return v;
}

int main(uint32_t cpu, uint32_t cpus) {
  const uint32_t last = cpus - 1;
  if (cpu == last && cpu != 0) {
    uint32_t status;
    __asm__ volatile("mfc0 %0, $12" : "=r"(status));
    status = (status & ~1u) | CAUSE_IP3; /* IM3 on, IE off: WAIT ends, no exception */
    __asm__ volatile("mtc0 %0, $12\n ehb" : : "r"(status));
    waiting = 1;
    __asm__ volatile("wait");
    if (!(cause() & CAUSE_IP3)) atomic_add(&failures, 1);
    if (!(*IPI(KASANE_IPI_PENDING) & (1u << cpu))) atomic_add(&failures, 1);
    *IPI(KASANE_IPI_CLEAR) = cpu;
    if (cause() & CAUSE_IP3) atomic_add(&failures, 1);
    if (*IPI(KASANE_IPI_PENDING)) atomic_add(&failures, 1);
    checked = 1;
    return 0;
  }
  if (cpu != 0) return 0;
  while (!waiting) {
  }
  spin(1000); /* the last CPU is in WAIT by now */
  *IPI(KASANE_IPI_RAISE) = last;
  while (!checked) {
  }
  return verdict("ipi", failures + (cpus < 2));
}
