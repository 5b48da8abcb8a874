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
/* A named figure for stats.json "reports": write the value's two words and the name (bytes,
 * little-endian words, NUL-padded), then its length to REPORT, which records name = value. */
#define KASANE_SIMCTL_REPORT_LO 0x18u   /* write: the value, low word */
#define KASANE_SIMCTL_REPORT_HI 0x1cu   /* write: the value, high word */
#define KASANE_SIMCTL_REPORT 0x20u      /* write: record it; the value written is the name's length */
#define KASANE_SIMCTL_REPORT_NAME 0x80u /* write: the name, KASANE_SIMCTL_REPORT_NAME_MAX bytes */
#define KASANE_SIMCTL_REPORT_NAME_MAX 32u /* bytes of name buffer: names of 1 to 31 characters */
/* What runs where, for the per-process figures (stats.json "processes") and the timeline's process
 * tracks: the kernel tells of each process it makes and ends and of each thread a context (the
 * one whose store it is) starts or stops running. PID latches a process id for the next write. */
#define KASANE_SIMCTL_PID 0x24u        /* write: the process the next write is about */
#define KASANE_SIMCTL_PROC_NEW 0x28u   /* write: process PID exists, its parent is the value (0:
                                        * none), its name is in PROC_NAME */
#define KASANE_SIMCTL_PROC_EXIT 0x2cu  /* write: process PID ended with this status (0..255, or
                                        * 128 + the signal that killed it) */
#define KASANE_SIMCTL_RUN 0x30u        /* write: this context runs thread `value` (its tid) of
                                        * process PID from now on; PID 0: no thread */
#define KASANE_SIMCTL_RUN_CORE 0x34u   /* write: every context of this context's core belongs to
                                        * thread `value` of process PID (a core-wide owner: core
                                        * mode's process, a context-mode gang); PID 0: none */
#define KASANE_SIMCTL_CPU_STATE 0x38u  /* write: why this context runs no thread now, one of
                                        * KASANE_CPU_* below */
#define KASANE_CPU_IDLE 0u             /* nothing to run */
#define KASANE_CPU_FORCED 2u           /* threads wait, but core scheduling forbids them here */
#define KASANE_CPU_LENT 3u             /* lent to a gang process that holds its core */
#define KASANE_SIMCTL_PROC_NAME 0x100u /* write: the process name, KASANE_SIMCTL_PROC_NAME_MAX
                                        * bytes (NUL-padded, little-endian words) */
#define KASANE_SIMCTL_PROC_NAME_MAX 16u
#define KASANE_SIMCTL_SIZE 0x1000u
/* The user page: a second window of sim-control (platform.simctl_user_base) with only what a
 * user program may write without harm to the machine. The kernel maps it, uncached and
 * writable, at KASANE_SIMCTL_USER_VA in every process; bare-metal code reaches it through kseg1. */
#define KASANE_SIMCTL_USER_THREAD 0x00u /* write: the user thread this context runs from now on
                                         * (the runtime's thread id, its ThMB address; 0 none;
                                         * KASANE_SIMCTL_THREAD_UPCALL the upcall handler), for
                                         * the thread timeline (--timeline); reads return 0 */
#define KASANE_SIMCTL_THREAD_UPCALL 1u  /* no thread id: ThMBs are word-aligned */
#define KASANE_SIMCTL_USER_SIZE 0x1000u
#define KASANE_SIMCTL_USER_VA 0x7fffe000u /* where processes see the user page */

/* Power and thermal sensor: the reading core's own figures, in the units lm_sensors uses. */
#define KASANE_SENSOR_TEMP 0x00u  /* read: die temperature, millidegrees Celsius (temp1_input) */
#define KASANE_SENSOR_POWER 0x04u /* read: power over the last thermal interval, uW (power1_input) */
#define KASANE_SENSOR_SIZE 0x1000u

/* Block device: a disk of 512-byte sectors (the image given with --disk) that moves data to and
 * from RAM by DMA and raises an interrupt when a request ends. Program SECTOR, COUNT and DMA, then
 * write CMD; STATUS.BUSY holds until the request ends after the configured latency (disk.*
 * config keys), when the data has moved, DONE is set and the interrupt line IP2 of context
 * IRQ_CTX is raised. A command that cannot run sets ERROR and raises the line at once, moving
 * nothing (one written while BUSY leaves the request in flight to end as usual). An accepted
 * command clears DONE and ERROR. Writing STATUS with DONE|ERROR set acknowledges and lowers the
 * line, which is level-triggered: it stays up while DONE or ERROR does. */
#define KASANE_BLK_SECTOR 0x00u  /* read/write: first sector of the next request */
#define KASANE_BLK_COUNT 0x04u   /* read/write: sectors to move (1 .. KASANE_BLK_MAX_COUNT) */
#define KASANE_BLK_DMA 0x08u     /* read/write: physical address of the RAM buffer */
#define KASANE_BLK_CMD 0x0cu     /* write: start a request, one of the commands below */
#define KASANE_BLK_CMD_READ 1u   /* disk to RAM */
#define KASANE_BLK_CMD_WRITE 2u  /* RAM to disk */
#define KASANE_BLK_STATUS 0x10u  /* read: bits below; write 1s to DONE/ERROR to acknowledge */
#define KASANE_BLK_STATUS_BUSY 0x1u  /* a request is in flight */
#define KASANE_BLK_STATUS_DONE 0x2u  /* the last request ended well (interrupt pending) */
#define KASANE_BLK_STATUS_ERROR 0x4u /* the last command was refused (range, buffer, busy, no
                                      * disk) or the host failed to read or write the image */
#define KASANE_BLK_SECTORS 0x14u /* read: sectors on the disk, 0 if no disk is attached */
#define KASANE_BLK_IRQ_CTX 0x18u /* read/write: index of the context whose IP2 the line drives
                                  * (0 at reset; an index with no context is ignored) */
#define KASANE_BLK_SIZE 0x1000u
#define KASANE_BLK_SECTOR_SIZE 512u
#define KASANE_BLK_MAX_COUNT 2048u /* 1 MiB per request */
#define KASANE_BLK_IRQ_LINE 2u     /* Cause.IP2 */

/* Inter-processor interrupts: one line per hardware context of the machine, numbered globally
 * (core * contexts per core + context, the CPU number of RDHWR $0 and EBase.CPUNum). Raising a
 * context's line sets its Cause.IP3, which stays up until that line is cleared (level-triggered,
 * like the block device's): the handler writes its own number to CLEAR. Any context of any core
 * may raise any line, its own included. */
#define KASANE_IPI_RAISE 0x00u   /* write: raise the line of this context (ignored if none) */
#define KASANE_IPI_CLEAR 0x04u   /* write: lower the line of this context */
#define KASANE_IPI_PENDING 0x08u /* read: bit N set while context N's line is up */
#define KASANE_IPI_SIZE 0x1000u
#define KASANE_IPI_IRQ_LINE 3u   /* Cause.IP3 */

#endif /* KASANE_DEVICES_H */
