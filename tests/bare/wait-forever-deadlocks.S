/* Context 0 executes WAIT with every interrupt masked: nothing can ever wake it, which kasane-sim
 * must report as a guest deadlock (exit status 71), not hang. */
#include "bare.h"
    .set noreorder
    .text
    .globl _start
_start:
    mtc0 $zero, $12         /* Status: all interrupts masked */
    ehb
1:  wait
    b 1b
    nop
