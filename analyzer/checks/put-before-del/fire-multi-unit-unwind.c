// SPDX-License-Identifier: GPL-2.0
/*
 * Two disks of one controller, both added; when registering the second
 * one fails the first is torn down with put_disk() only (the bug fixed in
 * several multi-disk drivers' init error paths).  The error return after
 * it is also a fail-after-add finding; this fixture checks
 * put-before-del only.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct mu_ctrl {
	struct gendisk *data_disk;
	struct gendisk *meta_disk;
};

static struct mu_ctrl *ctrl;

static void mu_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations mu_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= mu_submit_bio,
};

static struct gendisk *mu_new_disk(const char *name, sector_t sectors)
{
	struct gendisk *disk = blk_alloc_disk(NULL, NUMA_NO_NODE);

	if (IS_ERR(disk))
		return disk;
	disk->fops = &mu_fops;
	strscpy(disk->disk_name, name, DISK_NAME_LEN);
	set_capacity(disk, sectors);
	return disk;
}

static int __init mu_init(void)
{
	struct mu_ctrl *c;
	int err;

	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;

	c->data_disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(c->data_disk)) {
		err = PTR_ERR(c->data_disk);
		goto out_free;
	}
	c->data_disk->fops = &mu_fops;
	strscpy(c->data_disk->disk_name, "mud0", DISK_NAME_LEN);
	set_capacity(c->data_disk, 1 << 16);

	err = add_disk(c->data_disk);
	if (err)
		goto out_put_data;

	c->meta_disk = mu_new_disk("mum0", 64);
	if (IS_ERR(c->meta_disk)) {
		err = PTR_ERR(c->meta_disk);
		goto out_put_data;
	}
	err = add_disk(c->meta_disk);
	if (err) {
		put_disk(c->meta_disk);
		goto out_put_data;
	}
	ctrl = c;
	return 0;

out_put_data:
	put_disk(c->data_disk);
out_free:
	kfree(c);
	return err;
}

static void __exit mu_exit(void)
{
	del_gendisk(ctrl->meta_disk);
	put_disk(ctrl->meta_disk);
	del_gendisk(ctrl->data_disk);
	put_disk(ctrl->data_disk);
	kfree(ctrl);
}

module_init(mu_init);
module_exit(mu_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: first of two added disks torn down with put_disk() only
 * check-command: gendisk-lint --rule put-before-del --kdir $KDIR $file
 *
 * check-output-start
fire-multi-unit-unwind.c:78:2: warning: put_disk() on 'c->data_disk' while it is still added: call del_gendisk() first [put-before-del]
fire-multi-unit-unwind.c:60:8: note: add_disk() succeeded here
 * check-output-end
 */
