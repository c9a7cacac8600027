// SPDX-License-Identifier: GPL-2.0
/*
 * The correct orders: error ladder put_disk() then blk_mq_free_tag_set();
 * teardown as virtio_blk_remove() does it in 6.12 (del_gendisk(), then
 * blk_mq_free_tag_set(), then put_disk(): after del_gendisk the tag set
 * may go before the last reference).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct vr_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct vr_dev vr;

static blk_status_t vr_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops vr_mq_ops = {
	.queue_rq	= vr_queue_rq,
};

static const struct block_device_operations vr_fops = {
	.owner		= THIS_MODULE,
};

static int __init vr_init(void)
{
	int err;

	err = blk_mq_alloc_sq_tag_set(&vr.tag_set, &vr_mq_ops, 16, 0);
	if (err)
		return err;
	vr.disk = blk_mq_alloc_disk(&vr.tag_set, NULL, &vr);
	if (IS_ERR(vr.disk)) {
		err = PTR_ERR(vr.disk);
		goto out_free_tags;
	}
	vr.disk->fops = &vr_fops;
	strscpy(vr.disk->disk_name, "vr0", DISK_NAME_LEN);
	set_capacity(vr.disk, 2048);
	err = add_disk(vr.disk);
	if (err)
		goto out_put_disk;
	return 0;

out_put_disk:
	put_disk(vr.disk);
out_free_tags:
	blk_mq_free_tag_set(&vr.tag_set);
	return err;
}

static void __exit vr_exit(void)
{
	del_gendisk(vr.disk);
	blk_mq_free_tag_set(&vr.tag_set);
	put_disk(vr.disk);
}

module_init(vr_init);
module_exit(vr_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: put then free on errors; del, free, put on removal
 */
