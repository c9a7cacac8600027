// SPDX-License-Identifier: GPL-2.0
/*
 * The correct form: .owner = THIS_MODULE, set as the last member (order of
 * designated initializers does not matter), next to a blk_mq_ops table
 * that has no owner member at all (not a block_device_operations).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static struct gendisk *own_disk;
static struct blk_mq_tag_set own_tags;

static blk_status_t own_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops own_mq_ops = {
	.queue_rq	= own_queue_rq,
};

static const struct block_device_operations own_fops = {
	.getgeo		= NULL,
	.owner		= THIS_MODULE,
};

static int __init own_init(void)
{
	struct gendisk *disk;
	int err;

	own_tags.ops = &own_mq_ops;
	own_tags.nr_hw_queues = 1;
	own_tags.queue_depth = 16;
	own_tags.numa_node = NUMA_NO_NODE;
	err = blk_mq_alloc_tag_set(&own_tags);
	if (err)
		return err;

	disk = blk_mq_alloc_disk(&own_tags, NULL, NULL);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	disk->fops = &own_fops;
	strscpy(disk->disk_name, "own0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	own_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&own_tags);
	return err;
}

static void __exit own_exit(void)
{
	del_gendisk(own_disk);
	put_disk(own_disk);
	blk_mq_free_tag_set(&own_tags);
}

module_init(own_init);
module_exit(own_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: .owner set (last), blk_mq_ops next to it
 */
