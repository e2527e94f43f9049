"""The site formats of stud.histories.sites: each format's own samples and tests."""
