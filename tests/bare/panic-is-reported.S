/* A kernel that panics: writes a message and the sim-control PANIC register (exit status 70). */
#include "bare.h"
    .set noreorder
    .text
    .globl _start
_start:
    li $t0, UART
    la $t1, msg
1:  lbu $t2, 0($t1)
    beqz $t2, 2f
    addiu $t1, $t1, 1
    b 1b
    sb $t2, KASANE_UART_TX($t0)
2:  li $t0, SIMCTL
    li $t1, 1
    sw $t1, KASANE_SIMCTL_PANIC($t0)
3:  b 3b
    nop
    .data
msg: .asciz "panic: test\n"
