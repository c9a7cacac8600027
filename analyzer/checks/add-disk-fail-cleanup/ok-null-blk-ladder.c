// SPDX-License-Identifier: GPL-2.0
/*
 * null_add_dev() of 6.12 (drivers/block/null_blk/main.c:1990-2040): an
 * optional zoned setup before add_disk(), both failures fall through
 * out_ida_free into out_cleanup_disk (put_disk only), then the tag set.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/idr.h>
#include <linux/slab.h>

struct nb {
	struct blk_mq_tag_set __tag_set;
	struct blk_mq_tag_set *tag_set;
	struct gendisk *disk;
	struct list_head list;
	int index;
	bool zoned;
	char disk_name[DISK_NAME_LEN];
};

static DEFINE_IDA(nb_indexes);
static LIST_HEAD(nb_list);
static bool zoned;
module_param(zoned, bool, 0444);

static blk_status_t nb_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops nb_mq_ops = {
	.queue_rq	= nb_queue_rq,
};

static const struct block_device_operations nb_fops = {
	.owner		= THIS_MODULE,
};

static int nb_register_zoned_dev(struct nb *nullb)
{
	return nullb->zoned ? -EOPNOTSUPP : 0;
}

static int nb_add_dev(void)
{
	struct queue_limits lim = {
		.logical_block_size	= 512,
		.physical_block_size	= 512,
		.max_hw_sectors		= 256,
	};
	struct nb *nullb;
	int rv;

	nullb = kzalloc(sizeof(*nullb), GFP_KERNEL);
	if (!nullb) {
		rv = -ENOMEM;
		goto out;
	}
	nullb->zoned = zoned;
	nullb->tag_set = &nullb->__tag_set;

	rv = blk_mq_alloc_sq_tag_set(nullb->tag_set, &nb_mq_ops, 64,
				     BLK_MQ_F_SHOULD_MERGE);
	if (rv)
		goto out_free_nullb;

	nullb->disk = blk_mq_alloc_disk(nullb->tag_set, &lim, nullb);
	if (IS_ERR(nullb->disk)) {
		rv = PTR_ERR(nullb->disk);
		goto out_cleanup_tags;
	}

	rv = ida_alloc(&nb_indexes, GFP_KERNEL);
	if (rv < 0)
		goto out_cleanup_disk;
	nullb->index = rv;

	sprintf(nullb->disk_name, "nb%d", nullb->index);
	set_capacity(nullb->disk, SZ_1G >> SECTOR_SHIFT);
	nullb->disk->fops = &nb_fops;
	nullb->disk->private_data = nullb;
	strscpy_pad(nullb->disk->disk_name, nullb->disk_name, DISK_NAME_LEN);

	if (nullb->zoned) {
		rv = nb_register_zoned_dev(nullb);
		if (rv)
			goto out_ida_free;
	}

	rv = add_disk(nullb->disk);
	if (rv)
		goto out_ida_free;

	list_add_tail(&nullb->list, &nb_list);
	pr_info("disk %s created\n", nullb->disk_name);
	return 0;

out_ida_free:
	ida_free(&nb_indexes, nullb->index);
out_cleanup_disk:
	put_disk(nullb->disk);
out_cleanup_tags:
	if (nullb->tag_set == &nullb->__tag_set)
		blk_mq_free_tag_set(nullb->tag_set);
out_free_nullb:
	kfree(nullb);
out:
	return rv;
}

static void nb_del_dev(struct nb *nullb)
{
	list_del_init(&nullb->list);
	del_gendisk(nullb->disk);
	put_disk(nullb->disk);
	ida_free(&nb_indexes, nullb->index);
	blk_mq_free_tag_set(nullb->tag_set);
	kfree(nullb);
}

static int __init nb_init(void)
{
	return nb_add_dev();
}

static void __exit nb_exit(void)
{
	struct nb *nullb, *next;

	list_for_each_entry_safe(nullb, next, &nb_list, list)
		nb_del_dev(nullb);
}

module_init(nb_init);
module_exit(nb_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: null_add_dev(): add_disk() failure falls through to put_disk()
 */
