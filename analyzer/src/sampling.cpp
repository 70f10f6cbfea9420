// Placeholder: layouts sampled from what a bidder knew (issue 5).
