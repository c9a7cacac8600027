// SPDX-License-Identifier: GPL-2.0
/*
 * An nbd-like device add (drivers/block/nbd.c nbd_dev_add() shape): the
 * disk is stored straight into nbd->disk and used through that field
 * without checking blk_mq_alloc_disk() for an ERR_PTR.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

struct nbdl_device {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	int index;
};

static int nbdl_major;
static struct nbdl_device *nbdl_dev;

static blk_status_t nbdl_queue_rq(struct blk_mq_hw_ctx *hctx,
				  const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops nbdl_mq_ops = {
	.queue_rq	= nbdl_queue_rq,
};

static const struct block_device_operations nbdl_fops = {
	.owner		= THIS_MODULE,
};

static int nbdl_dev_add(int index)
{
	struct nbdl_device *nbd;
	int err = -ENOMEM;

	nbd = kzalloc(sizeof(*nbd), GFP_KERNEL);
	if (!nbd)
		goto out;

	nbd->index = index;
	nbd->tag_set.ops = &nbdl_mq_ops;
	nbd->tag_set.nr_hw_queues = 1;
	nbd->tag_set.queue_depth = 128;
	nbd->tag_set.numa_node = NUMA_NO_NODE;
	nbd->tag_set.flags = BLK_MQ_F_SHOULD_MERGE | BLK_MQ_F_BLOCKING;
	nbd->tag_set.driver_data = nbd;

	err = blk_mq_alloc_tag_set(&nbd->tag_set);
	if (err)
		goto out_free_nbd;

	nbd->disk = blk_mq_alloc_disk(&nbd->tag_set, NULL, nbd);
	nbd->disk->major = nbdl_major;
	nbd->disk->first_minor = index;
	nbd->disk->minors = 1;
	nbd->disk->fops = &nbdl_fops;
	nbd->disk->private_data = nbd;
	sprintf(nbd->disk->disk_name, "nbdl%d", index);

	err = add_disk(nbd->disk);
	if (err)
		goto out_err_disk;

	nbdl_dev = nbd;
	return 0;

out_err_disk:
	put_disk(nbd->disk);
	blk_mq_free_tag_set(&nbd->tag_set);
out_free_nbd:
	kfree(nbd);
out:
	return err;
}

static int __init nbdl_init(void)
{
	int err;

	nbdl_major = register_blkdev(0, "nbdl");
	if (nbdl_major < 0)
		return nbdl_major;

	err = nbdl_dev_add(0);
	if (err)
		unregister_blkdev(nbdl_major, "nbdl");
	return err;
}

static void __exit nbdl_exit(void)
{
	del_gendisk(nbdl_dev->disk);
	put_disk(nbdl_dev->disk);
	blk_mq_free_tag_set(&nbdl_dev->tag_set);
	kfree(nbdl_dev);
	unregister_blkdev(nbdl_major, "nbdl");
}

module_init(nbdl_init);
module_exit(nbdl_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: blk_mq_alloc_disk() result used through nbd->disk unchecked
 *
 * check-output-start
fire-nbd-field-unchecked.c:59:2: warning: 'nbd->disk' may be an ERR_PTR here: result of blk_mq_alloc_disk() is not checked [alloc-unchecked]
fire-nbd-field-unchecked.c:58:14: note: 'nbd->disk' allocated here
 * check-output-end
 */
