/**
 * Word lists the application generator draws from: names, places, businesses and the texts
 * reviewers write. Weighted lists repeat their common entries.
 */

/** Surnames, the common ones of Hunan repeated. */
export const SURNAMES = [
  '刘', '刘', '刘', '李', '李', '李', '王', '王', '张', '张', '陈', '陈', '彭', '彭', '谭', '谭', '唐', '唐', '曾', '曾',
  '周', '周', '杨', '杨', '黄', '邓', '罗', '胡', '欧阳', '贺', '龙', '廖', '肖', '易', '吴', '赵', '蒋', '袁', '朱', '何',
  '郭', '夏', '戴', '谢', '徐', '孙', '马', '田', '严', '文', '许', '毛', '雷', '钟', '邹', '熊', '汤', '向', '姚', '龚',
];

export const MALE_GIVEN = [
  '伟', '强', '磊', '军', '勇', '杰', '涛', '斌', '超', '明', '刚', '平', '辉', '鹏', '华', '飞', '波', '宇', '浩', '俊',
  '志强', '建华', '文斌', '国庆', '海波', '晓东', '振宇', '子豪', '宇航', '俊杰', '家乐', '浩然', '志明', '建军', '卫东', '湘江',
  '德华', '立新', '鑫', '博文', '思远', '永红', '光明', '智勇', '云飞', '少华',
];

export const FEMALE_GIVEN = [
  '芳', '娜', '敏', '静', '丽', '艳', '娟', '霞', '燕', '玲', '婷', '慧', '琳', '洁', '颖', '倩', '雪', '莉', '萍', '红',
  '秀英', '桂兰', '丽华', '晓燕', '美玲', '雅琴', '思琪', '梦瑶', '欣怡', '佳怡', '雨涵', '诗涵', '海燕', '春梅', '玉兰', '湘云',
  '丹丹', '婷婷', '亚楠', '紫薇', '若曦', '巧玲', '惠敏', '晓红',
];

export interface County { code: string; name: string }

/** Counties of household registers (GB/T 2260), mostly in and around Changsha. */
export const COUNTIES: readonly County[] = [
  { code: '430102', name: '湖南省长沙市芙蓉区' }, { code: '430102', name: '湖南省长沙市芙蓉区' },
  { code: '430103', name: '湖南省长沙市天心区' }, { code: '430103', name: '湖南省长沙市天心区' },
  { code: '430104', name: '湖南省长沙市岳麓区' }, { code: '430104', name: '湖南省长沙市岳麓区' },
  { code: '430105', name: '湖南省长沙市开福区' }, { code: '430105', name: '湖南省长沙市开福区' },
  { code: '430111', name: '湖南省长沙市雨花区' }, { code: '430111', name: '湖南省长沙市雨花区' },
  { code: '430112', name: '湖南省长沙市望城区' }, { code: '430121', name: '湖南省长沙市长沙县' },
  { code: '430181', name: '湖南省浏阳市' }, { code: '430182', name: '湖南省宁乡市' },
  { code: '430202', name: '湖南省株洲市荷塘区' }, { code: '430302', name: '湖南省湘潭市雨湖区' },
  { code: '430405', name: '湖南省衡阳市珠晖区' }, { code: '430502', name: '湖南省邵阳市双清区' },
  { code: '430602', name: '湖南省岳阳市岳阳楼区' }, { code: '430702', name: '湖南省常德市武陵区' },
  { code: '430902', name: '湖南省益阳市资阳区' }, { code: '431002', name: '湖南省郴州市北湖区' },
  { code: '431102', name: '湖南省永州市零陵区' }, { code: '431202', name: '湖南省怀化市鹤城区' },
  { code: '431302', name: '湖南省娄底市娄星区' }, { code: '433101', name: '湖南省吉首市' },
  { code: '360102', name: '江西省南昌市东湖区' }, { code: '420102', name: '湖北省武汉市江岸区' },
];

/** Districts of Changsha and their streets, for business and home addresses. */
export const DISTRICTS: readonly { name: string; streets: readonly string[] }[] = [
  { name: '芙蓉区', streets: ['五一大道', '芙蓉中路', '韶山北路', '人民东路', '八一路', '东二环'] },
  { name: '天心区', streets: ['芙蓉南路', '书院路', '湘府西路', '劳动西路', '新开铺路', '桂花路'] },
  { name: '岳麓区', streets: ['麓山南路', '岳麓大道', '桐梓坡路', '麓谷大道', '枫林三路', '潇湘北路'] },
  { name: '开福区', streets: ['芙蓉北路', '湘江中路', '三一大道', '营盘路', '蔡锷北路', '中青路'] },
  { name: '雨花区', streets: ['万家丽中路', '劳动东路', '井湾路', '洪山路', '香樟路', '长沙大道'] },
  { name: '望城区', streets: ['郭亮路', '雷锋大道', '金星北路', '旺旺路'] },
  { name: '长沙县', streets: ['星沙大道', '开元东路', '东四线', '板仓路'] },
];

/** Employment categories eligible for start-up guarantee loans. */
export const EMPLOYMENT_CATEGORIES = [
  '城镇登记失业人员', '城镇登记失业人员', '就业困难人员', '复员转业退役军人', '高校毕业生', '高校毕业生',
  '返乡创业农民工', '返乡创业农民工', '网络商户', '脱贫人口', '刑满释放人员', '化解过剩产能企业职工',
];

/** Trades of individual businesses with their registered scope. */
export const TRADES: readonly { trade: string; scope: string }[] = [
  { trade: '米粉店', scope: '餐饮服务；预包装食品销售' },
  { trade: '餐馆', scope: '餐饮服务；食品经营' },
  { trade: '便利店', scope: '日用百货、预包装食品、烟草制品零售' },
  { trade: '水果店', scope: '新鲜水果、干果零售' },
  { trade: '烘焙坊', scope: '糕点、面包制售；饮品制售' },
  { trade: '服装店', scope: '服装、鞋帽、箱包零售' },
  { trade: '五金店', scope: '五金交电、建筑材料零售' },
  { trade: '理发店', scope: '理发及美容服务' },
  { trade: '汽车维修店', scope: '机动车维修；汽车零配件零售' },
  { trade: '家电维修部', scope: '家用电器修理；电子产品零售' },
  { trade: '茶饮店', scope: '饮品制售；预包装食品销售' },
  { trade: '花店', scope: '鲜花、绿植零售；花卉租摆' },
  { trade: '摄影工作室', scope: '摄影扩印服务；婚庆礼仪服务' },
  { trade: '母婴用品店', scope: '母婴用品、玩具、服装零售' },
  { trade: '干洗店', scope: '洗染服务；皮革护理' },
];

/** Lines of business of small companies and partnerships with their scope. */
export const INDUSTRIES: readonly { industry: string; scope: string }[] = [
  { industry: '科技', scope: '软件开发；信息技术咨询服务；计算机系统集成' },
  { industry: '文化传媒', scope: '广告设计、制作、代理；文艺创作；会议及展览服务' },
  { industry: '农业开发', scope: '蔬菜、水果种植；农产品初加工；农业技术推广' },
  { industry: '餐饮管理', scope: '餐饮管理；餐饮服务；食品销售' },
  { industry: '商贸', scope: '日用百货、五金产品、建材批发零售' },
  { industry: '物流', scope: '普通货物道路运输；仓储服务；装卸搬运' },
  { industry: '教育咨询', scope: '教育咨询服务；文化艺术培训（不含学科类培训）' },
  { industry: '电子商务', scope: '互联网销售；农副产品销售；直播带货服务' },
  { industry: '服饰', scope: '服装设计、加工及销售' },
  { industry: '食品', scope: '食品生产；食品销售；农副产品加工' },
  { industry: '家政服务', scope: '家政服务；养老服务；保洁服务' },
  { industry: '装饰工程', scope: '住宅室内装饰装修；建筑装饰材料销售' },
];

/** Trade-name words of companies and partnerships. */
export const FIRM_WORDS = [
  '鑫源', '华创', '星辰', '湘润', '麓谷', '嘉禾', '恒达', '锦程', '德顺', '瑞丰', '宏图', '聚力', '天成', '博远',
  '楚韵', '和美', '众诚', '领航', '橘洲', '潇湘', '岳麓', '浏河', '沩水', '新康',
];

/** Employers of spouses and guarantors (guarantors are usually public employees). */
export const WORK_UNITS = [
  '长沙市第一中学', '岳麓区人民医院', '国家税务总局长沙市税务局', '湖南大学', '中南大学湘雅医院', '长沙市公安局开福分局',
  '芙蓉区教育局', '长沙市中心医院', '天心区城市管理和综合执法局', '国网长沙供电公司', '长沙市雨花区人民法院', '长沙市第四医院',
  '望城区卫生健康局', '长沙县星沙街道办事处', '长沙市实验小学', '湖南师范大学',
];
export const OTHER_WORK = ['个体经营', '自由职业', '长沙步步高超市', '中联重科股份有限公司', '三一重工股份有限公司', '长沙地铁运营公司', '湖南广播电视台', '待业'];

/** What each organisation type writes when it passes a case. */
export const CHECK_OPINIONS = {
  RENSHE: ['材料齐全，符合创业担保贷款扶持对象条件，同意。', '经核实，申请人身份及就业创业情况属实，同意提交。', '同意，请担保机构审核。'],
  GUARANTEE: ['反担保措施落实，同意提供担保。', '经实地调查，经营正常，同意担保。', '担保额度核定，同意。'],
  BANK: ['征信良好，同意贷款。', '经审核符合放贷条件，同意。', '同意，转放款审批。'],
} as const;

/** A return's note and the document kinds it awaits. */
export const RETURN_OPINIONS: [string, string[]][] = [
  ['请补充营业执照副本复印件。', ['BUSINESS_LICENSE']], ['请补充近六个月经营流水。', ['OTHER']], ['配偶身份证照片不清晰，请重新上传。', ['ID_CARD']],
  ['经营场所租赁合同已过期，请补充新合同。', ['CONTRACT']], ['请补充担保人收入证明和户口簿。', ['OTHER', 'HOUSEHOLD']],
];

export const WITHDRAW_OPINIONS = ['申请人来电要求撤回申请。', '申请人已通过其他渠道获得资金，主动撤回。', '申请人暂缓创业计划，申请撤回。'];
