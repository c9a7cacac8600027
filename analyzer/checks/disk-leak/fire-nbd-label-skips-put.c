// SPDX-License-Identifier: GPL-2.0
/*
 * nbd_dev_add()-like ladder (drivers/block/nbd.c:1850-1940 of 6.12): the
 * idr allocation happens after the disk, and its failure jumps to the
 * label that frees the tag set, skipping put_disk().
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/idr.h>
#include <linux/slab.h>

struct nbx {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	int index;
};

static DEFINE_IDR(nbx_index_idr);
static DEFINE_MUTEX(nbx_index_mutex);
static int nbx_major;

static blk_status_t nbx_queue_rq(struct blk_mq_hw_ctx *hctx,
				 const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops nbx_mq_ops = {
	.queue_rq	= nbx_queue_rq,
};

static const struct block_device_operations nbx_fops = {
	.owner		= THIS_MODULE,
};

static struct nbx *nbx_dev_add(int index)
{
	struct queue_limits lim = {
		.max_hw_sectors		= 65536,
		.io_opt			= 256 << SECTOR_SHIFT,
		.max_segments		= USHRT_MAX,
		.max_segment_size	= UINT_MAX,
	};
	struct nbx *nbd;
	struct gendisk *disk;
	int err = -ENOMEM;

	nbd = kzalloc(sizeof(*nbd), GFP_KERNEL);
	if (!nbd)
		goto out;

	nbd->tag_set.ops = &nbx_mq_ops;
	nbd->tag_set.nr_hw_queues = 1;
	nbd->tag_set.queue_depth = 128;
	nbd->tag_set.numa_node = NUMA_NO_NODE;
	nbd->tag_set.flags = BLK_MQ_F_SHOULD_MERGE | BLK_MQ_F_BLOCKING;
	nbd->tag_set.driver_data = nbd;

	err = blk_mq_alloc_tag_set(&nbd->tag_set);
	if (err)
		goto out_free_nbd;

	disk = blk_mq_alloc_disk(&nbd->tag_set, &lim, NULL);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}

	mutex_lock(&nbx_index_mutex);
	if (index >= 0)
		err = idr_alloc(&nbx_index_idr, nbd, index, index + 1,
				GFP_KERNEL);
	else
		err = idr_alloc(&nbx_index_idr, nbd, 0, 0, GFP_KERNEL);
	mutex_unlock(&nbx_index_mutex);
	if (err < 0)
		goto out_free_tags;
	nbd->index = err;
	nbd->disk = disk;

	disk->major = nbx_major;
	disk->first_minor = index;
	disk->minors = 1;
	disk->fops = &nbx_fops;
	disk->private_data = nbd;
	sprintf(disk->disk_name, "nbx%d", index);

	err = add_disk(disk);
	if (err)
		goto out_err_disk;
	return nbd;

out_err_disk:
	put_disk(disk);
	idr_remove(&nbx_index_idr, nbd->index);
out_free_tags:
	blk_mq_free_tag_set(&nbd->tag_set);
out_free_nbd:
	kfree(nbd);
out:
	return ERR_PTR(err);
}

static int nbx_remove_cb(int id, void *ptr, void *data)
{
	struct nbx *nbd = ptr;

	del_gendisk(nbd->disk);
	put_disk(nbd->disk);
	blk_mq_free_tag_set(&nbd->tag_set);
	kfree(nbd);
	return 0;
}

static int __init nbx_init(void)
{
	struct nbx *nbd;

	nbx_major = register_blkdev(0, "nbx");
	if (nbx_major < 0)
		return nbx_major;
	nbd = nbx_dev_add(0);
	if (IS_ERR(nbd)) {
		unregister_blkdev(nbx_major, "nbx");
		return PTR_ERR(nbd);
	}
	return 0;
}

static void __exit nbx_exit(void)
{
	idr_for_each(&nbx_index_idr, nbx_remove_cb, NULL);
	idr_destroy(&nbx_index_idr);
	unregister_blkdev(nbx_major, "nbx");
}

module_init(nbx_init);
module_exit(nbx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: idr failure after the disk jumps past put_disk()
 *
 * check-output-start
fire-nbd-label-skips-put.c:104:2: warning: 'disk' leaked on this error path: put_disk() missing [disk-leak]
fire-nbd-label-skips-put.c:66:9: note: 'disk' allocated here
 * check-output-end
 */
