// SPDX-License-Identifier: GPL-2.0
/*
 * A blk-mq disk needs no .submit_bio (requests go through ->queue_rq):
 * its fops table without one is correct, as in virtio_blk's virtblk_fops.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static struct blk_mq_tag_set mqf_tags;
static struct gendisk *mqf_disk;

static blk_status_t mqf_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops mqf_mq_ops = {
	.queue_rq	= mqf_queue_rq,
};

static const struct block_device_operations mqf_fops = {
	.owner		= THIS_MODULE,
};

static int __init mqf_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&mqf_tags, &mqf_mq_ops, 16, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&mqf_tags, NULL, NULL);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	disk->fops = &mqf_fops;
	strscpy(disk->disk_name, "mqf0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	mqf_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&mqf_tags);
	return err;
}

static void __exit mqf_exit(void)
{
	del_gendisk(mqf_disk);
	put_disk(mqf_disk);
	blk_mq_free_tag_set(&mqf_tags);
}

module_init(mqf_init);
module_exit(mqf_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: blk-mq fops without .submit_bio
 */
