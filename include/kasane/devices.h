/* Register layout of Kasane's platform devices, shared by the simulator (C++) and target code (C).
 * Base addresses are not here: they live in the machine config and reach target code through the
 * generated <kasane/platform.h>. Every register is 32 bits wide and naturally aligned. */
#ifndef KASANE_DEVICES_H
#define KASANE_DEVICES_H

/* UART: the console. TX goes to the simulator's stdout, TXERR to its stderr (the guest's stderr
 * and the kernel's own messages, so that a program's stdout stays its own); RX comes from the
 * simulator's stdin. */
#define KASANE_UART_TX 0x00u     /* write: send the low byte to stdout */
#define KASANE_UART_RX 0x04u     /* read: take the next input byte (0..255); 0 if none */
#define KASANE_UART_STATUS 0x08u /* read: bits below */
#define KASANE_UART_STATUS_RX_READY 0x1u /* a byte is waiting in RX */
#define KASANE_UART_STATUS_RX_EOF 0x2u   /* the input has ended and RX is empty */
#define KASANE_UART_TXERR 0x0cu  /* write: send the low byte to stderr */
#define KASANE_UART_SIZE 0x1000u

/* Sim-control: how a guest talks to the simulator itself. */
#define KASANE_SIMCTL_EXIT 0x00u      /* write: end the simulation with this exit status */
#define KASANE_SIMCTL_ROI_BEGIN 0x04u /* write: a region of interest with this id begins */
#define KASANE_SIMCTL_ROI_END 0x08u   /* write: the region with this id ends */
#define KASANE_SIMCTL_PANIC 0x0cu     /* write: the kernel panicked; the console says why */
#define KASANE_SIMCTL_CYCLE_LO 0x10u  /* read: core cycle counter, low word (latches the high) */
#define KASANE_SIMCTL_CYCLE_HI 0x14u  /* read: high word latched by the last CYCLE_LO read */
#define KASANE_SIMCTL_SIZE 0x1000u

/* Power and thermal sensor: the reading core's own figures, in the units lm_sensors uses. */
#define KASANE_SENSOR_TEMP 0x00u  /* read: die temperature, millidegrees Celsius (temp1_input) */
#define KASANE_SENSOR_POWER 0x04u /* read: power over the last thermal interval, uW (power1_input) */
#define KASANE_SENSOR_SIZE 0x1000u

#endif /* KASANE_DEVICES_H */
