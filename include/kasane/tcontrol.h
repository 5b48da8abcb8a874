/* CP0 TControl ($22, select 1), the thread extension's control register: its bits, shared by
 * the simulator (C++), which implements them, and the kernel (C), which sets them. isa.md
 * describes the register. */
#ifndef KASANE_TCONTROL_H
#define KASANE_TCONTROL_H

#define KASANE_TCONTROL_XT 0x1u /* TEXIT on this context raises a Thread exception */
#define KASANE_TCONTROL_MU 0x2u /* MONITOR/MWAIT are legal in user mode */
#define KASANE_TCONTROL_TU 0x4u /* the other thread instructions are legal in user mode */
#define KASANE_TCONTROL_XW 0x8u /* a TEXIT on any context of the core triggers this context's
                                 * monitor */

#endif /* KASANE_TCONTROL_H */
