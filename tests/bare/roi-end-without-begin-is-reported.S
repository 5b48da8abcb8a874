/* Ends region of interest 7, which never began: a misuse of sim-control (exit status 75). */
#include "bare.h"
    .set noreorder
    .text
    .globl _start
_start:
    li $t0, SIMCTL
    li $t1, 7
    sw $t1, KASANE_SIMCTL_ROI_END($t0)
1:  b 1b
    nop
