// SPDX-License-Identifier: GPL-2.0
/*
 * queue-flags: a RAM disk marks its queue non-rotational and out of the
 * entropy pool with the flag setters, which 6.12 does not have; both
 * are 6.12's defaults, so the calls go.  The rotational setter of the
 * second queue needs a feature in the limits: reported, left.  The
 * setter in qf_old() is already in a branch for older kernels: not
 * reported (patch mode rewrites it all the same).
 * The input and the result are compiled against 6.1 (the flags are gone
 * from 6.12).
 * gendisk-cocci-kernel: 6.1
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/version.h>

void qf_setup(struct request_queue *q, struct request_queue *disk_q);
void qf_setup(struct request_queue *q, struct request_queue *disk_q)
{
	blk_queue_flag_set(QUEUE_FLAG_NONROT, q);
	blk_queue_flag_clear(QUEUE_FLAG_ADD_RANDOM, q);
	blk_queue_flag_clear(QUEUE_FLAG_NONROT, disk_q);
}

void qf_old(struct request_queue *q);
void qf_old(struct request_queue *q)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 10, 0)
	blk_queue_flag_set(QUEUE_FLAG_NONROT, q);
#endif
}

MODULE_LICENSE("GPL");
