/* The block device end to end: read sectors 1 and 2 of a 4-sector disk by DMA, sleeping in WAIT
 * until IP2 (interrupts disabled, only IM2 unmasked), check every word (the image's word at byte
 * offset o holds o, tests/host/test_blockdev.py makes it), acknowledge, then write sector 3 with
 * 0xa5a50000 + word index and wait again. Region of interest 1 spans the read. Exits 0 if all is
 * well; 1 wrong SECTORS (no disk?), 2 the read did not end with DONE alone, 3 STATUS not clear
 * after the acknowledge, 4 IP2 still pending after it, 5 wrong data, 6 the write failed. */
#include "bare.h"
#define BLK KSEG1(KASANE_BLOCKDEV_BASE)
#define BUF 0x80100000          /* kseg0 view of the DMA buffer */
#define BUF_PA 0x00100000
#define IP2 0x400               /* Cause.IP2, Status.IM2 */
    .set noreorder
    .text
    .globl _start
_start:
    li $s0, BLK
    li $s1, SIMCTL
    li $a0, 1
    lw $t0, KASANE_BLK_SECTORS($s0)
    li $t1, 4
    bne $t0, $t1, exit
    nop
    li $t0, IP2                 /* Status: IM2 only, IE = 0: WAIT wakes, nothing is taken */
    mtc0 $t0, $12
    ehb

    li $t0, 1
    sw $t0, KASANE_BLK_SECTOR($s0)
    li $t0, 2
    sw $t0, KASANE_BLK_COUNT($s0)
    li $t0, BUF_PA
    sw $t0, KASANE_BLK_DMA($s0)
    li $t0, 1
    sw $t0, KASANE_SIMCTL_ROI_BEGIN($s1)
    li $t0, KASANE_BLK_CMD_READ
    sw $t0, KASANE_BLK_CMD($s0)
1:  wait                        /* returns at once if the line is already up */
    lw $t0, KASANE_BLK_STATUS($s0)
    andi $t1, $t0, KASANE_BLK_STATUS_BUSY
    bnez $t1, 1b
    nop
    li $t1, 1
    sw $t1, KASANE_SIMCTL_ROI_END($s1)
    li $a0, 2
    li $t1, KASANE_BLK_STATUS_DONE
    bne $t0, $t1, exit
    nop
    sw $t1, KASANE_BLK_STATUS($s0)  /* acknowledge */
    li $a0, 3
    lw $t0, KASANE_BLK_STATUS($s0)
    bnez $t0, exit
    nop
    li $a0, 4
    mfc0 $t0, $13
    andi $t0, $t0, IP2
    bnez $t0, exit
    nop

    li $a0, 5                   /* word k of the buffer is 512 + 4k */
    li $t2, BUF
    li $t3, 512
    li $t4, 512 + 1024
2:  lw $t0, 0($t2)
    bne $t0, $t3, exit
    addiu $t2, $t2, 4
    addiu $t3, $t3, 4
    bne $t3, $t4, 2b
    nop

    li $t2, BUF                 /* sector 3 gets 0xa5a50000 + k in word k */
    li $t3, 0
    li $t5, 0xa5a50000
    li $t6, 128
3:  or $t0, $t5, $t3
    sw $t0, 0($t2)
    addiu $t3, $t3, 1
    bne $t3, $t6, 3b
    addiu $t2, $t2, 4
    li $t0, 3
    sw $t0, KASANE_BLK_SECTOR($s0)
    li $t0, 1
    sw $t0, KASANE_BLK_COUNT($s0)
    li $t0, KASANE_BLK_CMD_WRITE
    sw $t0, KASANE_BLK_CMD($s0)
4:  wait
    lw $t0, KASANE_BLK_STATUS($s0)
    andi $t1, $t0, KASANE_BLK_STATUS_BUSY
    bnez $t1, 4b
    nop
    li $a0, 6
    li $t1, KASANE_BLK_STATUS_DONE
    bne $t0, $t1, exit
    nop
    sw $t1, KASANE_BLK_STATUS($s0)
    li $a0, 0
exit:
    sw $a0, KASANE_SIMCTL_EXIT($s1)
5:  b 5b
    nop
