/* Writes to the console forever: with uart.max_output set, kasane-sim ends the run as a console
 * flood (exit status 74) instead of filling the disk. */
#include "bare.h"
    .set noreorder
    .text
    .globl _start
_start:
    li $t0, UART
    li $t1, 'x'
1:  sw $t1, KASANE_UART_TX($t0)
    b 1b
    nop
