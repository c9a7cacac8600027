// SPDX-License-Identifier: GPL-2.0
/*
 * loop_add()-like: after add_disk() succeeded the function returns the
 * (non-negative) device number, not an error; add_disk()'s own failure
 * puts the disk.  The exit path walks an idr.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/idr.h>
#include <linux/slab.h>

struct pr_dev {
	struct gendisk *disk;
	int number;
};

static DEFINE_IDR(pr_idr);

static void pr_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations pr_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= pr_submit_bio,
};

static int pr_add(int i)
{
	struct pr_dev *pd;
	int err;

	pd = kzalloc(sizeof(*pd), GFP_KERNEL);
	if (!pd)
		return -ENOMEM;
	err = idr_alloc(&pr_idr, pd, i, i + 1, GFP_KERNEL);
	if (err < 0)
		goto out_free;
	pd->number = err;

	pd->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(pd->disk)) {
		err = PTR_ERR(pd->disk);
		goto out_remove_idr;
	}
	pd->disk->fops = &pr_fops;
	pd->disk->private_data = pd;
	sprintf(pd->disk->disk_name, "pr%d", pd->number);

	err = add_disk(pd->disk);
	if (err)
		goto out_put_disk;
	return pd->number;

out_put_disk:
	put_disk(pd->disk);
out_remove_idr:
	idr_remove(&pr_idr, pd->number);
out_free:
	kfree(pd);
	return err;
}

static int pr_remove_cb(int id, void *ptr, void *data)
{
	struct pr_dev *pd = ptr;

	del_gendisk(pd->disk);
	put_disk(pd->disk);
	kfree(pd);
	return 0;
}

static int __init pr_init(void)
{
	int nr = pr_add(0);

	return nr < 0 ? nr : 0;
}

static void __exit pr_exit(void)
{
	idr_for_each(&pr_idr, pr_remove_cb, NULL);
	idr_destroy(&pr_idr);
}

module_init(pr_init);
module_exit(pr_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: non-negative device number returned after a successful add
 */
