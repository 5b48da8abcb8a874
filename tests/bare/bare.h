/* Shared definitions for bare-metal test programs (they run as the "kernel", in kseg0). */
#include <kasane/devices.h>
#include <kasane/platform.h>
#define KSEG1(pa) (0xa0000000 + (pa))
#define SIMCTL KSEG1(KASANE_SIMCTL_BASE)
#define UART KSEG1(KASANE_UART_BASE)
