/* runtime/arch/clone_kernel.S - clone for the kernel thread backend (src/thread/kernel/), as
 * musl's __clone: the new thread must not return into a C frame it would share with its
 * parent, so it starts here, on its own stack, and calls fn(arg), which never returns.
 *
 * long __kclone(unsigned long flags, void* stack, volatile int* ptid, void* tls,
 *               volatile int* ctid, void (*fn)(void*), void* arg)
 *
 * o32: flags, stack, ptid, tls in $a0-$a3 are clone's own first four arguments, and ctid at the
 * caller's 16($sp) is where the kernel reads clone's fifth. fn and arg (20 and 24($sp)) are
 * stored on the new stack before the call, since the child has only its registers and that
 * stack. The parent gets the tid or -errno. */
	.text
	.set	noreorder
	.globl	__kclone
	.type	__kclone, @function
__kclone:
	lw	$t0, 20($sp)		/* fn */
	lw	$t1, 24($sp)		/* arg */
	addiu	$a1, $a1, -16		/* keeps 8-byte alignment; o32's argument area for fn */
	sw	$t0, 0($a1)
	sw	$t1, 4($a1)
	li	$v0, 4120		/* SYS_clone */
	syscall
	bnez	$a3, 1f
	nop
	beqz	$v0, 2f			/* 0: the child */
	nop
	jr	$ra
	nop
1:	jr	$ra
	subu	$v0, $zero, $v0
2:	lw	$t9, 0($sp)		/* the child, on its new stack */
	lw	$a0, 4($sp)
	jalr	$t9
	nop
	move	$a0, $zero		/* not reached: fn ends the thread */
	li	$v0, 4001		/* SYS_exit: this thread alone */
	syscall
	.size	__kclone, .-__kclone
