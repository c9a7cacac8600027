// SPDX-License-Identifier: GPL-2.0
/*
 * The most common shape of the 5.16 conversion bugs: add_disk()'s error
 * is returned as is, and the allocated disk is never put.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static struct blk_mq_tag_set rw_set;
static struct gendisk *rw_disk;

static blk_status_t rw_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops rw_mq_ops = {
	.queue_rq	= rw_queue_rq,
};

static const struct block_device_operations rw_fops = {
	.owner		= THIS_MODULE,
};

static int rw_setup_disk(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_mq_alloc_disk(&rw_set, NULL, NULL);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &rw_fops;
	strscpy(disk->disk_name, "rw0", DISK_NAME_LEN);
	set_capacity(disk, 1 << 16);

	err = add_disk(disk);
	if (err)
		return err;

	rw_disk = disk;
	return 0;
}

static int __init rw_init(void)
{
	int err;

	err = blk_mq_alloc_sq_tag_set(&rw_set, &rw_mq_ops, 64, 0);
	if (err)
		return err;
	err = rw_setup_disk();
	if (err)
		blk_mq_free_tag_set(&rw_set);
	return err;
}

static void __exit rw_exit(void)
{
	del_gendisk(rw_disk);
	put_disk(rw_disk);
	blk_mq_free_tag_set(&rw_set);
}

module_init(rw_init);
module_exit(rw_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: add_disk() failure returned without put_disk()
 *
 * check-output-start
fire-return-without-put.c:44:3: warning: 'disk' leaked: add_disk() failed and this path returns without put_disk() [add-disk-fail-cleanup]
fire-return-without-put.c:42:8: note: add_disk() failed on this path
fire-return-without-put.c:34:9: note: 'disk' allocated here
 * check-output-end
 */
