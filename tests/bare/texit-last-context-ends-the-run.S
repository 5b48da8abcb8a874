/* Context 0 forks a second context that prints "child" and ends with TEXIT; context 0 waits for
 * the flag it sets, then ends with TEXIT too. When every context has ended, the run ends: exit
 * status 0, outcome "all_exited". */
#include "bare.h"
#include <kasane/kasane_isa.h>
    .set noreorder
    .text
    .globl _start
_start:
    la $t0, child
    tfork $v0, $t0, $zero
    beqz $v0, fail
    nop
    la $t1, flag
1:  lw $t2, 0($t1)
    beqz $t2, 1b
    nop
    texit
fail:
    li $t0, SIMCTL
    li $t1, 1
    sw $t1, KASANE_SIMCTL_EXIT($t0)
2:  b 2b
    nop
child:
    li $t0, UART
    li $t1, 'c'
    sw $t1, KASANE_UART_TX($t0)
    li $t1, '\n'
    sw $t1, KASANE_UART_TX($t0)
    la $t1, flag
    li $t2, 1
    sw $t2, 0($t1)
    texit
    .data
flag: .word 0
