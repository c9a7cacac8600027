// SPDX-License-Identifier: GPL-2.0
/*
 * The 6.1 brd_alloc() shape (drivers/block/brd.c of 6.1): blk_alloc_disk()
 * returns NULL there, so "if (!disk)" is the right check.  blk_mq disks
 * in the same file are checked with IS_ERR().
 *
 * Run with --rule alloc-wrong-check: the module init also fails after a disk went
 * live, which fail-after-add reports (fire-init-fails-after-unwind.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

struct brdx_device {
	struct gendisk *disk;
	struct blk_mq_tag_set tag_set;
	struct gendisk *mq_disk;
};

static struct brdx_device *brdx;

static void brdx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static blk_status_t brdx_queue_rq(struct blk_mq_hw_ctx *hctx,
				  const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops brdx_mq_ops = {
	.queue_rq	= brdx_queue_rq,
};

static const struct block_device_operations brdx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= brdx_submit_bio,
};

static const struct block_device_operations brdx_mq_fops = {
	.owner		= THIS_MODULE,
};

static int __init brdx_init(void)
{
	struct gendisk *disk;
	int err = -ENOMEM;

	brdx = kzalloc(sizeof(*brdx), GFP_KERNEL);
	if (!brdx)
		return -ENOMEM;

	disk = brdx->disk = blk_alloc_disk(NUMA_NO_NODE);
	if (!disk)
		goto out_free_dev;

	disk->fops = &brdx_fops;
	disk->private_data = brdx;
	strscpy(disk->disk_name, "brdx0", DISK_NAME_LEN);
	set_capacity(disk, 8192);
	blk_queue_physical_block_size(disk->queue, PAGE_SIZE);

	err = blk_mq_alloc_sq_tag_set(&brdx->tag_set, &brdx_mq_ops, 32,
				      BLK_MQ_F_SHOULD_MERGE);
	if (err)
		goto out_cleanup_disk;

	brdx->mq_disk = blk_mq_alloc_disk(&brdx->tag_set, brdx);
	if (IS_ERR(brdx->mq_disk)) {
		err = PTR_ERR(brdx->mq_disk);
		goto out_free_tags;
	}
	brdx->mq_disk->fops = &brdx_mq_fops;
	strscpy(brdx->mq_disk->disk_name, "brdx1", DISK_NAME_LEN);
	set_capacity(brdx->mq_disk, 8192);

	err = add_disk(disk);
	if (err)
		goto out_cleanup_mq_disk;
	err = add_disk(brdx->mq_disk);
	if (err)
		goto out_del_disk;
	return 0;

out_del_disk:
	del_gendisk(disk);
out_cleanup_mq_disk:
	put_disk(brdx->mq_disk);
out_free_tags:
	blk_mq_free_tag_set(&brdx->tag_set);
out_cleanup_disk:
	put_disk(disk);
out_free_dev:
	kfree(brdx);
	return err;
}

static void __exit brdx_exit(void)
{
	del_gendisk(brdx->mq_disk);
	put_disk(brdx->mq_disk);
	blk_mq_free_tag_set(&brdx->tag_set);
	del_gendisk(brdx->disk);
	put_disk(brdx->disk);
	kfree(brdx);
}

module_init(brdx_init);
module_exit(brdx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: 6.1: NULL check on blk_alloc_disk(), IS_ERR on blk_mq_alloc_disk()
 * check-command: gendisk-lint --rule alloc-wrong-check --kdir $KDIR $file
 * check-kernel: 6.1
 */
