"""The HTML report of a campaign: a static site that works offline (report/site.py).

    write_report(campaign, out)     # differential, metamorphic or fusion campaign

campaign_view.py reads what the index shows (fusion_view.py: the one adapter for a
fusion campaign's files), test_view.py what a bucket page shows of a kept test,
pictures.py and charts.py draw, live.py refreshes the report while a campaign runs.
"""

from shadersmith.report.site import (
    REPORT_MARKER,
    check_report_output,
    default_output,
    write_report,
)

__all__ = ["REPORT_MARKER", "check_report_output", "default_output", "write_report"]
