/* Writes to an offset of the sim-control device where there is no register: the run ends with a
 * report of the misuse (exit status 75). */
#include "bare.h"
    .set noreorder
    .text
    .globl _start
_start:
    li $t0, SIMCTL
    li $t1, 0x1234
    sw $t1, 0x40($t0)
1:  b 1b
    nop
