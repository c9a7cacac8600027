// SPDX-License-Identifier: GPL-2.0
/*
 * A module of two files (Kbuild: tdmod2): the disk is allocated in
 * tdmod2-alloc.c, which puts it only on its own failure; this file adds
 * it and its remove deletes it.  No function of either file puts
 * dev->disk of a probed device: the disk leaks on every unbind.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include "tdmod2.h"

static void tdm2_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations tdm2_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= tdm2_submit_bio,
};

static int tdm2_probe(struct platform_device *pdev)
{
	struct tdm2_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->id = pdev->id;
	err = tdm2_alloc_disk(dev);
	if (err) {
		kfree(dev);
		return err;
	}
	dev->disk->fops = &tdm2_fops;
	set_capacity(dev->disk, 1024);
	err = device_add_disk(&pdev->dev, dev->disk, NULL);
	if (err) {
		put_disk(dev->disk);
		kfree(dev);
		return err;
	}
	platform_set_drvdata(pdev, dev);
	return 0;
}

static void tdm2_remove(struct platform_device *pdev)
{
	struct tdm2_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
	kfree(dev);
}

static struct platform_driver tdm2_driver = {
	.probe	= tdm2_probe,
	.remove	= tdm2_remove,
	.driver	= {
		.name = "tdm2",
	},
};
module_platform_driver(tdm2_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: remove deletes a disk that no file of the module puts
 *
 * check-output-start
fire-teardown-module-no-put.c:53:2: warning: 'dev->disk' is deleted here and never put: no function of the module calls put_disk() on it, so the disk (allocated in tdm2_probe()) leaks [disk-leak]
fire-teardown-module-no-put.c:55:1: note: returns without put_disk()
 * check-output-end
 */
