// SPDX-License-Identifier: GPL-2.0
/*
 * The two kinds of NULL test on an ERR_PTR allocator, told apart: a dead
 * NULL test that an IS_ERR() test follows (on the next statement, after a
 * statement that leaves the disk alone, or as its else-if: harmless, info),
 * and a NULL test with no IS_ERR() before the disk is used (the ERR_PTR is
 * dereferenced: error), also when the IS_ERR() comes only after a use.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct nk_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	int ready;
};

static struct nk_dev nk;
static int mode;
module_param(mode, int, 0444);

static blk_status_t nk_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops nk_mq_ops = {
	.queue_rq	= nk_queue_rq,
};

static const struct block_device_operations nk_fops = {
	.owner		= THIS_MODULE,
};

/* dead: IS_ERR() on the next statement */
static int nk_alloc_next(struct nk_dev *dev)
{
	dev->disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (!dev->disk)
		return -ENOMEM;
	if (IS_ERR(dev->disk))
		return PTR_ERR(dev->disk);
	dev->disk->fops = &nk_fops;
	return 0;
}

/* dead: a statement that leaves the disk alone comes between */
static int nk_alloc_between(struct nk_dev *dev)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (disk == NULL)
		return -ENOMEM;
	dev->ready = 1;
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &nk_fops;
	dev->disk = disk;
	return 0;
}

/* dead: the IS_ERR() test is the else-if of the NULL test */
static int nk_alloc_else_if(struct nk_dev *dev)
{
	struct gendisk *disk;

	disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (!disk) {
		pr_err("nk: no disk\n");
		return -ENOMEM;
	} else if (IS_ERR(disk)) {
		return PTR_ERR(disk);
	}
	disk->fops = &nk_fops;
	dev->disk = disk;
	return 0;
}

/* error: the NULL test is the only check */
static int nk_alloc_null_only(struct nk_dev *dev)
{
	struct gendisk *disk;

	disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (!disk)
		return -ENOMEM;
	disk->fops = &nk_fops;
	dev->disk = disk;
	return 0;
}

/* error: the disk is used before the IS_ERR() test */
static int nk_alloc_use_first(struct nk_dev *dev)
{
	struct gendisk *disk;

	disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (!disk)
		return -ENOMEM;
	disk->private_data = dev;
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &nk_fops;
	dev->disk = disk;
	return 0;
}

static int __init nk_init(void)
{
	int err;

	err = blk_mq_alloc_sq_tag_set(&nk.tag_set, &nk_mq_ops, 16, 0);
	if (err)
		return err;
	switch (mode) {
	case 0:
		err = nk_alloc_next(&nk);
		break;
	case 1:
		err = nk_alloc_between(&nk);
		break;
	case 2:
		err = nk_alloc_else_if(&nk);
		break;
	case 3:
		err = nk_alloc_null_only(&nk);
		break;
	default:
		err = nk_alloc_use_first(&nk);
		break;
	}
	if (err)
		goto out_free_tags;
	set_capacity(nk.disk, 2048);
	err = add_disk(nk.disk);
	if (err)
		goto out_put_disk;
	return 0;

out_put_disk:
	put_disk(nk.disk);
out_free_tags:
	blk_mq_free_tag_set(&nk.tag_set);
	return err;
}

static void __exit nk_exit(void)
{
	del_gendisk(nk.disk);
	put_disk(nk.disk);
	blk_mq_free_tag_set(&nk.tag_set);
}

module_init(nk_init);
module_exit(nk_exit);
MODULE_LICENSE("GPL");
