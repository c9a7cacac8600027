// SPDX-License-Identifier: GPL-2.0
/*
 * A blk-mq driver with a private struct: bounds bigger than
 * DISK_NAME_LEN (a driver-local 64-byte name buffer size reused for the
 * disk), a sprintf whose format cannot fit, and a bounded copy of a
 * constant that is silently truncated.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

#define BIG_NAME_LEN	64

struct big_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	int id;
};

static struct big_dev big;

static blk_status_t big_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops big_mq_ops = {
	.queue_rq	= big_queue_rq,
};

static const struct block_device_operations big_fops = {
	.owner		= THIS_MODULE,
};

static int mode;
module_param(mode, int, 0444);

static void big_name(struct big_dev *dev)
{
	switch (mode) {
	case 0:
		snprintf(dev->disk->disk_name, BIG_NAME_LEN, "big%d", dev->id);
		break;
	case 1:
		strscpy(dev->disk->disk_name, "big_vendor_storage_controller_lun0", DISK_NAME_LEN);
		break;
	default:
		sprintf(dev->disk->disk_name, "big_controller_%08x_lun%u", dev->id, mode);
		break;
	}
}

static int __init big_init(void)
{
	int err;

	err = blk_mq_alloc_sq_tag_set(&big.tag_set, &big_mq_ops, 16, 0);
	if (err)
		return err;
	big.disk = blk_mq_alloc_disk(&big.tag_set, NULL, &big);
	if (IS_ERR(big.disk)) {
		err = PTR_ERR(big.disk);
		goto out_free_tags;
	}
	big.disk->fops = &big_fops;
	big_name(&big);
	set_capacity(big.disk, 2048);
	err = add_disk(big.disk);
	if (err)
		goto out_put_disk;
	return 0;

out_put_disk:
	put_disk(big.disk);
out_free_tags:
	blk_mq_free_tag_set(&big.tag_set);
	return err;
}

static void __exit big_exit(void)
{
	del_gendisk(big.disk);
	put_disk(big.disk);
	blk_mq_free_tag_set(&big.tag_set);
}

module_init(big_init);
module_exit(big_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: bound > DISK_NAME_LEN, long constant, sprintf that cannot fit
 *
 * check-output-start
fire-bound-too-large.c:44:3: warning: snprintf() into 'dev->disk->disk_name' with bound 64: disk_name is DISK_NAME_LEN (32) bytes [disk-name-overflow]
fire-bound-too-large.c:47:3: warning: name written by strscpy() into 'dev->disk->disk_name' is 34 characters: disk_name holds 31, the name is truncated [disk-name-overflow]
fire-bound-too-large.c:50:3: warning: sprintf() into 'dev->disk->disk_name' can write 37 characters: disk_name holds 31; use snprintf(dev->disk->disk_name, DISK_NAME_LEN, ...) [disk-name-overflow]
 * check-output-end
 */
