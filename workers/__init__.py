"""RQ jobs that move games on: bot turns and automatic steps, through the one command handler."""
