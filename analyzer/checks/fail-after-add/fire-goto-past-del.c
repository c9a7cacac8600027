// SPDX-License-Identifier: GPL-2.0
/*
 * A goto ladder whose post-add failure jumps to a label below the
 * del_gendisk()/put_disk() pair: only the private buffers are freed and
 * the added disk stays registered.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/debugfs.h>
#include <linux/slab.h>

struct gp_dev {
	struct gendisk *disk;
	struct dentry *dbg;
	void *pages;
};

static struct gp_dev *gp;

static void gp_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations gp_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= gp_submit_bio,
};

static int gp_debugfs_init(struct gp_dev *dev)
{
	dev->dbg = debugfs_create_dir("gp", NULL);
	return IS_ERR(dev->dbg) ? PTR_ERR(dev->dbg) : 0;
}

static int gp_check_size(struct gp_dev *dev)
{
	return get_capacity(dev->disk) ? 0 : -EINVAL;
}

static int __init gp_init(void)
{
	struct gp_dev *dev;
	int ret;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->pages = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!dev->pages) {
		ret = -ENOMEM;
		goto out_free_dev;
	}

	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		ret = PTR_ERR(dev->disk);
		goto out_free_pages;
	}
	dev->disk->fops = &gp_fops;
	dev->disk->private_data = dev;
	strscpy(dev->disk->disk_name, "gp0", DISK_NAME_LEN);
	set_capacity(dev->disk, 8);

	ret = add_disk(dev->disk);
	if (ret)
		goto out_put_disk;

	ret = gp_check_size(dev);
	if (ret)
		goto out_del_disk;

	ret = gp_debugfs_init(dev);
	if (ret)
		goto out_free_pages;

	gp = dev;
	return 0;

out_del_disk:
	del_gendisk(dev->disk);
out_put_disk:
	put_disk(dev->disk);
out_free_pages:
	kfree(dev->pages);
out_free_dev:
	kfree(dev);
	return ret;
}

static void __exit gp_exit(void)
{
	debugfs_remove(gp->dbg);
	del_gendisk(gp->disk);
	put_disk(gp->disk);
	kfree(gp->pages);
	kfree(gp);
}

module_init(gp_init);
module_exit(gp_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: post-add failure jumps past del_gendisk()/put_disk()
 *
 * check-output-start
fire-goto-past-del.c:87:2: warning: 'dev' freed while 'dev->disk' is still added: del_gendisk() missing before this [owner-freed-while-added]
fire-goto-past-del.c:65:8: note: add_disk() succeeded here
fire-goto-past-del.c:88:2: warning: error return leaves 'dev->disk' added: del_gendisk() and put_disk() missing on this path [fail-after-add]
fire-goto-past-del.c:65:8: note: add_disk() succeeded here
 * check-output-end
 */
