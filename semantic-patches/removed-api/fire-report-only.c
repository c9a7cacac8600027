// SPDX-License-Identifier: GPL-2.0
/*
 * removed-api: removed calls in a shape the patch does not rewrite (the
 * queue is kept in the device structure, not in a local): reported only,
 * patch mode leaves the file alone.
 * gendisk-cocci: legacy input (uses API removed before 6.1); nothing to
 * compile (no .res).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct fx_dev {
	struct request_queue *queue;
	struct gendisk *disk;
};

static struct fx_dev *fx;

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
};

static int __init fx_init(void)
{
	fx = kzalloc(sizeof(*fx), GFP_KERNEL);
	if (!fx)
		return -ENOMEM;
	fx->queue = blk_alloc_queue(NUMA_NO_NODE);
	if (!fx->queue)
		goto out_free;
	fx->disk = alloc_disk_node(1, NUMA_NO_NODE);
	if (!fx->disk)
		goto out_queue;
	fx->disk->queue = fx->queue;
	fx->disk->fops = &fx_fops;
	strscpy(fx->disk->disk_name, "fx0", DISK_NAME_LEN);
	if (add_disk(fx->disk))
		goto out_disk;
	return 0;

out_disk:
	put_disk(fx->disk);
out_queue:
	blk_cleanup_queue(fx->queue);
out_free:
	kfree(fx);
	return -ENOMEM;
}

static void __exit fx_exit(void)
{
	del_gendisk(fx->disk);
	put_disk(fx->disk);
	blk_cleanup_queue(fx->queue);
	kfree(fx);
}

module_init(fx_init);
module_exit(fx_exit);
MODULE_LICENSE("GPL");
