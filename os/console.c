/* The console: Kasane's UART, polled. fd 1 goes to the simulator's stdout; fd 2 and the kernel's
 * own messages (faults, panics) go to its stderr, so a program's stdout is only its own. Input is
 * the simulator's stdin. */
#include <kasane/devices.h>
#include <kasane/platform.h>

#include "defs.h"
#include "mips.h"

/* Send one byte of a kernel message (to stderr). The UART takes a byte per write, so there is
 * nothing to wait for. */
void consputc(int c) { *IO(KASANE_UART_BASE + KASANE_UART_TXERR) = (uint8_t)c; }

/* Send n bytes of a kernel message from s (a kernel address). */
void consolewrite(const char* s, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) consputc(s[i]);
}

/* Send n bytes from s (a kernel address) for a program's fd 1 (stdout) or 2 (stderr). */
void consolewrite_fd(int fd, const char* s, uint32_t n) {
  volatile uint32_t* tx = IO(KASANE_UART_BASE + (fd == 2 ? KASANE_UART_TXERR : KASANE_UART_TX));
  for (uint32_t i = 0; i < n; i++) *tx = (uint8_t)s[i];
}

/* Whether consolegetc() would return at once: a byte is waiting or the input has ended. */
int consoleready(void) {
  return (*IO(KASANE_UART_BASE + KASANE_UART_STATUS) &
          (KASANE_UART_STATUS_RX_READY | KASANE_UART_STATUS_RX_EOF)) != 0;
}

/* The next input byte (0..255), waiting for it by polling; -1 once the input has ended. */
int consolegetc(void) {
  for (;;) {
    uint32_t st = *IO(KASANE_UART_BASE + KASANE_UART_STATUS);
    if (st & KASANE_UART_STATUS_RX_READY) return *IO(KASANE_UART_BASE + KASANE_UART_RX) & 0xff;
    if (st & KASANE_UART_STATUS_RX_EOF) return -1;
  }
}
