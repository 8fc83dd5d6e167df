# The offline website's IPython profile (the kernel's IPYTHONDIR points here): load the site's
# start-up extension, cardlab_site.
c = get_config()  # noqa: F821 (IPython's config loader provides it)
c.InteractiveShellApp.extensions = ["cardlab_site"]
