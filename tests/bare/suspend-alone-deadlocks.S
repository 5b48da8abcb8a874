/* The only running context suspends itself with nobody to resume it and interrupts off: a guest
 * deadlock, which kasane-sim must report (exit status 71) and list as "suspended". */
#include <kasane/kasane_isa.h>
    .set noreorder
    .text
    .globl _start
_start:
    mtc0 $zero, $12         /* Status: interrupts off */
    ehb
    tsuspend
1:  b 1b
    nop
