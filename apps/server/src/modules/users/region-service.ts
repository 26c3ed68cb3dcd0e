import { maskAccount } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { paged, type PageRequest } from '../../lib/paging';
import { formatTimestamp } from '../../lib/time';
import type { UserRepository } from './repository';

/**
 * Region agents see the users of their region: those who registered with the agent's invite code,
 * or with the code of someone in the agent's region. Contacts are masked: the agent sees who, not
 * how to reach them around the platform.
 */
export class RegionService {
  constructor(private readonly users: UserRepository) {}

  async regionUsers(agentId: number, page: PageRequest) {
    const agent = await this.users.findById(agentId);
    if (!agent?.is_region_agent) refuse('not a region agent, no permission');
    const rows = await this.users.listRegionUsers(agentId, page.limit, page.offset);
    const total = rows[0]?.total ?? (page.offset > 0 ? await this.users.countRegionUsers(agentId) : 0);
    const list = rows.map((row) => ({
      city_name: row.city_name,
      district_name: row.district_name,
      phone: maskAccount(row.phone || row.account),
      time: formatTimestamp(row.created_at),
    }));
    return paged(list, total, page);
  }
}
